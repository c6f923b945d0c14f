import { z } from 'zod';

/**
 * A URL a client hands us to call later (a push endpoint, a webhook): at most `max` characters, absolute,
 * and carrying no user name or password, which would sit in our logs and requests. `rule` is the field's
 * own refusal, said instead of the shared one (push: https only).
 */
export function absoluteUrl(max: number, rule: (url: URL) => string | null = () => null) {
  return z
    .string()
    .max(max)
    .superRefine((text, ctx) => {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be an absolute URL' });
        return;
      }
      const refusal =
        rule(url) ?? (url.username || url.password ? 'must not carry a user name or password' : null);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    });
}
