/**
 * `npm run vapid-keys`: a new VAPID key pair (P-256) for streak reminders, in the form the Worker reads
 * (base64url: the uncompressed public point and the private scalar). Set both as secrets of the deployment.
 */
import { generateKeyPairSync } from 'node:crypto';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const { x = '', y = '', d = '' } = privateKey.export({ format: 'jwk' });
const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);

console.log(`VAPID_PUBLIC_KEY=${point.toString('base64url')}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
console.log(
  '\n# npx wrangler secret put VAPID_PUBLIC_KEY, then VAPID_PRIVATE_KEY, each with its value above.',
);
