import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server (smtp-server on 127.0.0.1, a free port) that takes what the API sends and parses it as a
 * mail client would: `received` and `next()` (waits for one more). With `refusing` on it answers every mail 451
 * (a server that is down for a while), counting the mails it refused.
 */
export function smtpSink() {
  const received: ParsedMail[] = [];
  const waiting: ((mail: ParsedMail) => void)[] = [];
  const state = { refusing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      if (state.refusing) {
        stream.resume();
        stream.on('end', () => {
          state.refused++;
          done(Object.assign(new Error('mailbox unavailable, try again later'), { responseCode: 451 }));
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          waiting.shift()?.(mail);
          done();
        })
        .catch(done);
    },
  });
  return {
    received,
    state,
    next: () => new Promise<ParsedMail>((resolve) => waiting.push(resolve)),
    listen: () =>
      new Promise<number>((resolve) => {
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
