import { fromBase64Url } from './base64url.js';

/** RFC 8188 §2.1: the record size written in the header; one record carries the whole message. */
const RECORD_SIZE = 4096;
/** The header: salt (16), record size (4), key id length (1) and the sender's P-256 point (65). */
const HEADER_BYTES = 21 + 65;
/** AES-GCM's tag, and the delimiter byte that ends the last (here the only) record, RFC 8188 §2. */
const TAG_BYTES = 16;
const LAST_RECORD = 0x02;

/**
 * The largest message a push carries: a push service need accept only 4096 bytes in all, header included.
 * Every message is padded to this size, so a push's length says nothing of what it says.
 */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - HEADER_BYTES - 1 - TAG_BYTES;

const utf8 = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(ikm: BufferSource, salt: BufferSource, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info: concat(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/**
 * `message` encrypted to a browser's subscription keys as Web Push asks (RFC 8291, content coding
 * aes128gcm of RFC 8188): a fresh ECDH key pair and salt per message, the key and nonce derived with the
 * subscription's auth secret, one record padded to 4096 bytes in all. The body starts with the header: salt, record size, and the
 * sender's public key as the key id.
 */
export async function encryptForSubscription(
  message: Uint8Array,
  keys: { p256dh: string; auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const receiverKey = fromBase64Url(keys.p256dh);
  const authSecret = fromBase64Url(keys.auth);
  if (!receiverKey || !authSecret) throw new TypeError('subscription keys are not base64url');
  if (message.length > MAX_PLAINTEXT_BYTES) throw new RangeError('a push payload holds at most one record');
  const receiver = await crypto.subtle.importKey(
    'raw',
    concat(receiverKey),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const sender = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const senderKey = new Uint8Array((await crypto.subtle.exportKey('raw', sender.publicKey)) as ArrayBuffer);
  // WebCrypto names the peer's key `public`; workers-types spells it `$public`, which the runtime ignores.
  const agreement = { name: 'ECDH', public: receiver };
  const shared = await crypto.subtle.deriveBits(agreement, sender.privateKey, 256);
  // RFC 8291 §3.3–3.4: the input keying material binds both public keys; key and nonce come from the salt.
  const keyInfo = concat(utf8.encode('WebPush: info\0'), receiverKey, senderKey);
  const ikm = await hkdf(shared, concat(authSecret), keyInfo, 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const contentKey = await hkdf(ikm, salt, utf8.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(ikm, salt, utf8.encode('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['encrypt']);
  // The delimiter after the message, then zeroes (RFC 8188 §2: padding) up to the constant size.
  const padded = new Uint8Array(MAX_PLAINTEXT_BYTES + 1);
  padded.set(message);
  padded[message.length] = LAST_RECORD;
  const record = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, padded);
  const header = new Uint8Array(21);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header.set(salt, 0);
  header[20] = senderKey.length;
  return concat(header, senderKey, new Uint8Array(record));
}
