import { describe, expect, it } from 'vitest';
import { BROWSER_PUSH_HOSTS, parsePushHosts, pushHostAllowed } from '../../src/push/push-hosts.js';

describe('the push services a subscription may name', () => {
  it("allows each browser's own push service, at its host or below it", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(pushHostAllowed(BROWSER_PUSH_HOSTS, endpoint), endpoint).toBe(true);
    }
  });

  it('refuses a host that only ends with the same letters as an allowed one', () => {
    expect(pushHostAllowed(['push.apple.com'], 'https://evilpush.apple.com/x')).toBe(false);
    expect(pushHostAllowed(['push.apple.com'], 'https://push.apple.com.evil.example/x')).toBe(false);
  });

  it('refuses any other host, including internal ones, unless every host is allowed', () => {
    for (const endpoint of ['https://127.0.0.1/x', 'https://metadata.internal/x', 'https://example.com/x']) {
      expect(pushHostAllowed(BROWSER_PUSH_HOSTS, endpoint), endpoint).toBe(false);
      expect(pushHostAllowed('any', endpoint), endpoint).toBe(true);
    }
  });

  it('compares host names without regard to case', () => {
    expect(pushHostAllowed(['fcm.googleapis.com'], 'https://FCM.GoogleAPIs.com/fcm/send/abc')).toBe(true);
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('reads `*` as any host and a comma-separated list as host names, trimmed and lower-cased', () => {
    expect(parsePushHosts('*')).toBe('any');
    expect(parsePushHosts(' FCM.googleapis.com, push.test ,')).toEqual(['fcm.googleapis.com', 'push.test']);
  });

  it('refuses what is not a list of host names', () => {
    for (const text of [
      '',
      ' , ',
      'https://fcm.googleapis.com',
      'fcm.googleapis.com/x',
      'a..b',
      '*.apple.com',
    ]) {
      expect(parsePushHosts(text), text).toBeNull();
    }
  });
});
