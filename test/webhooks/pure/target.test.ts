import { describe, expect, it } from 'vitest';
import { webhookUrlRefusal } from '../../../src/webhooks/target.js';

const deployment = (url: string) => webhookUrlRefusal(url, false);
const development = (url: string) => webhookUrlRefusal(url, true);

describe('where a webhook may be sent', () => {
  it('allows https at a public host name or address', () => {
    for (const url of [
      'https://hooks.example.com/in',
      'https://8.8.8.8/in',
      'https://[2606:4700::1111]/in',
    ]) {
      expect(deployment(url), url).toBeNull();
    }
  });

  it('refuses http in a deployment', () => {
    expect(deployment('http://hooks.example.com/in')).toMatch(/must be https/);
  });

  it('refuses every private, loopback, link-local and reserved IPv4 range, in any spelling', () => {
    for (const url of [
      'https://0.0.0.0/',
      'https://10.255.0.1/',
      'https://100.64.0.1/',
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://169.254.169.254/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.1.1/',
      'https://198.18.0.1/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
    ]) {
      expect(deployment(url), url).toMatch(/private, loopback or link-local/);
    }
  });

  it('allows the public addresses just outside those ranges', () => {
    for (const url of [
      'https://172.32.0.1/',
      'https://100.128.0.1/',
      'https://11.0.0.1/',
      'https://169.255.0.1/',
    ]) {
      expect(deployment(url), url).toBeNull();
    }
  });

  it('refuses loopback, unique-local, link-local and mapped private IPv6 addresses', () => {
    for (const url of [
      'https://[::1]/',
      'https://[::]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:10.0.0.1]/',
    ]) {
      expect(deployment(url), url).toMatch(/private, loopback or link-local/);
    }
  });

  it('refuses local host names and names of one label', () => {
    for (const url of [
      'https://localhost/',
      'https://a.localhost/',
      'https://nas.local/',
      'https://db.internal/',
      'https://intranet/',
    ]) {
      expect(deployment(url), url).toMatch(/not a public host name/);
    }
  });

  it('allows 127.0.0.1 and localhost over http or https in development only', () => {
    for (const url of ['http://127.0.0.1:8788/in', 'http://localhost:8788/in', 'https://127.0.0.1/in']) {
      expect(development(url), url).toBeNull();
      expect(deployment(url), url).not.toBeNull();
    }
  });

  it('keeps the other rules in development', () => {
    expect(development('http://hooks.example.com/in')).toMatch(/must be https/);
    expect(development('https://10.0.0.1/in')).toMatch(/private/);
    expect(development('http://127.0.0.2/in')).toMatch(/must be https/);
  });
});
