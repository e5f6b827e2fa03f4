import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import { memberOf, ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { refusalOf } from '../http/refusals.ts';
import { idParam, readBody } from '../http/validate.ts';
import { confirmEmail } from '../services/email-confirmation.ts';
import { endSession, findOrCreateMember, memberView, startSession } from '../services/members.ts';
import { checkCode, sendCode } from '../services/otp.ts';
import { updateProfile } from '../services/profile.ts';
import type { Deps } from './deps.ts';

/** Runs a step of signing in, counting its refusal by the refusal's code (a limit, a cap, a wrong code…). */
async function countingRefusals<T>(metrics: Deps['metrics'], step: 'send' | 'check', run: () => Promise<T>) {
  try {
    return await run();
  } catch (failure) {
    const refusal = refusalOf(failure);
    if (refusal) metrics.codesRefused.inc({ step, reason: refusal.code });
    throw failure;
  }
}

export function memberRoutes(deps: Deps) {
  const { db, clock, sms, limits, codeKey, metrics, sessions } = deps;
  const app = new Hono<AppEnv>();

  app.post('/community_members', async (c) => {
    const body = await readBody(c, calls.requestCode.body);
    const sent = await countingRefusals(metrics, 'send', () =>
      sendCode(db, sms, clock, limits, codeKey, {
        who: { country: body.countries, phone: body.phone },
        address: c.get('clientAddress'),
        lang: c.get('lang'),
      }),
    );
    metrics.codesSent.inc();
    return c.json({ challenge: sent.challenge });
  });

  app.post('/community_members/confirm', async (c) => {
    const body = await readBody(c, calls.confirmCode.body);
    const who = { country: body.countries, phone: body.phone };
    await countingRefusals(metrics, 'check', () =>
      checkCode(db, clock, limits, codeKey, {
        who,
        address: c.get('clientAddress'),
        code: body.verify_code,
        challenge: body.challenge,
      }),
    );
    const memberId = await findOrCreateMember(db, who);
    const token = await startSession(db, memberId, clock.now());
    return c.json({
      community_member: { ...(await memberView(db, clock, memberId, c.get('lang'))), auth_token: token },
    });
  });

  app.get('/community_members/:id', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    return c.json({ community_member: await memberView(db, clock, memberId, c.get('lang')) });
  });

  app.patch('/community_members/:id', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.updateMember.body);
    await updateProfile(deps, memberId, body, c.get('lang'));
    return c.body(null, 204);
  });

  // Issue 35 point 4: the link of a confirmation e-mail, opened on any device, signed in or not.
  app.post('/community_members/email_confirmations', async (c) => {
    const body = await readBody(c, calls.confirmEmail.body);
    await limits.take('emailConfirmsPerAddress', c.get('clientAddress'));
    await confirmEmail(db, clock, body.token);
    return c.body(null, 204);
  });

  app.delete('/community_members/:id/session', async (c) => {
    ownMember(c, idParam(c, 'id'));
    const tokenHash = c.get('tokenHash');
    if (!tokenHash) throw problem(401, 'unauthorized');
    memberOf(c);
    await endSession(db, tokenHash, clock.now());
    sessions.ended();
    return c.body(null, 204);
  });

  return app;
}
