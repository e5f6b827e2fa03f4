import type { Db } from './db/database.ts';
import type { Clock } from './domain/clock.ts';
import type { Job, Scheduler } from './jobs/scheduler.ts';
import type { MailSender } from './mail/mail-sender.ts';
import type { Metrics } from './metrics/metrics.ts';
import { openBalanceRefunds, sendBalanceRefund } from './services/balance-refund-sending.ts';
import { sendJob } from './services/balance-refunds.ts';
import { settleCardLink } from './services/card-links.ts';
import { cleanUpSchedule } from './services/clean-up.ts';
import { sendReceiptMail } from './services/receipt-mail.ts';
import { settleDeal, topUpAfterDeal } from './services/settlement.ts';
import type { CardProvider } from './sim/card-provider.ts';
import { createMachineRunner, type MachineRunner } from './sim/machine-runner.ts';
import type { VoucherProvider } from './sim/voucher-provider.ts';

export interface World {
  readonly machines: MachineRunner;
  /** Starts running jobs, then re-arms everything still on its way (after a start). */
  start(): Promise<void>;
  /** Runs no more jobs; waits for the ones running. */
  stop(): Promise<void>;
}

/** How receipts are e-mailed (issue 35 point 4): the mail port, the folio prefix, the origin links start with. */
export interface Mailing {
  readonly mail: MailSender;
  readonly receiptPrefix: string;
  publicOrigin(): string;
}

/**
 * The simulated machines wired to the money: the machines only say when a step is due; what it
 * means (a delivery charged, a card linked) is settled by the services, here and nowhere else. One
 * job queue runs the machines' steps, the automatic top-ups a charge leaves behind, the receipts'
 * e-mails, the balance refunds and the clean-up.
 */
export function createWorld(
  db: Db,
  clock: Clock,
  cardProvider: CardProvider,
  vouchers: VoucherProvider,
  jobs: Scheduler,
  metrics: Pick<Metrics, 'deals' | 'topUps'>,
  mailing: Mailing,
): World {
  const machines = createMachineRunner(db, jobs, (kind, id) =>
    kind === 'deal' ? settleDeal({ db, clock, jobs, metrics }, id) : settleCardLink(db, clock, id),
  );
  const run = async (job: Job) => {
    if (job.kind === 'auto_top_up') return topUpAfterDeal({ db, clock, cardProvider, metrics, jobs }, job.dealId);
    if (job.kind === 'receipt_mail') {
      const { mail, receiptPrefix, publicOrigin } = mailing;
      return sendReceiptMail({ db, clock, jobs, metrics, mail, receiptPrefix, publicOrigin }, job);
    }
    if (job.kind === 'balance_refund') return sendBalanceRefund({ db, clock, cardProvider }, job.refundId);
    if (job.kind === 'clean_up') {
      await cleanUpSchedule.run(db, clock, jobs, vouchers);
      return;
    }
    return machines.run(job);
  };
  return {
    machines,
    async start() {
      await jobs.start(run);
      await machines.resume();
      // Balance refunds a stopped process left requested are sent again (each part once: balance-refund-sending.ts).
      for (const refundId of await openBalanceRefunds(db)) {
        const { job, key } = sendJob(refundId);
        await jobs.at(clock.now(), job, { key });
      }
      await cleanUpSchedule.start(jobs, clock);
    },
    stop: () => jobs.stop(),
  };
}
