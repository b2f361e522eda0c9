/**
 * Background jobs of the server process (docs/design.md, second wave): the payment deadline, the
 * payment reminders, the e-mail and WhatsApp outbox, the ended rate-limit windows and the merge of
 * the figure tables' per-connection rows, at start and then every JOB_INTERVAL_MS. Each run claims its rows in the database
 * (SKIP LOCKED), so any number of processes sharing one PostgreSQL may run them, and `shouldRun`
 * lets only one of them do so (cluster-jobs.ts); a run that is still busy is not started twice by
 * the same process. Tests call the job bodies with a fake clock. Stopping (a server draining on
 * SIGTERM) ends a run between steps and between outbox messages (docs/decisions/067-lifecycle.md);
 * whether jobs start at all is JOBS and the restore hold's (jobs-hold.ts).
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobMetrics, JobName } from './metrics/metrics';
import { createMailer } from './integrations/mail/mailer';
import { queuePaymentReminders, useBuyerMessageConfig } from './features/mail/buyer-messages';
import { sendDueMail, sendDueWhatsapp } from './features/mail/mail.service';
import { createWhatsappSender } from './integrations/whatsapp/whatsapp-client';
import { expireUnpaidOrders } from './features/payments/payments.service';
import { deleteEndedHits } from './limits/counters.repository';
import { completeDeliveredShipments } from './features/shipments/shipments.service';
import { mergeFigureRows } from './features/dashboard/dashboard.service';
import { pruneStockFeed } from './features/assistant/assistant.service';

export interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export function startJobs(input: {
  db: Db;
  config: Config;
  log: JobLog;
  now?: () => Date;
  /**
   * Asked before each run: with several processes on one PostgreSQL only the elected one runs
   * them (cluster-jobs.ts, docs/decisions/034-all-cores.md). Absent: always this process.
   */
  shouldRun?: () => Promise<boolean>;
  /** Runs, failures and times by job, and the outbox's sends (metrics/, decision 071). */
  metrics?: JobMetrics | null;
  /**
   * Aborted when the server drains (SIGTERM, docs/decisions/067-lifecycle.md): the run ends at its next
   * safe point and no other starts. The returned function then waits for that point.
   */
  stop?: AbortSignal;
}): () => Promise<void> {
  const { db, config, log } = input;
  const now = input.now ?? (() => new Date());
  const mailer = createMailer(config);
  const whatsapp = createWhatsappSender(config);
  useBuyerMessageConfig(config);
  const metrics = input.metrics ?? null;
  const measured: JobMetrics['run'] = (job, work) => (metrics ? metrics.run(job, work) : work());
  let running: Promise<void> | null = null;
  const stop = input.stop;

  // Run in this order. A job that fails is logged and the next one still runs; a drain stops the run between jobs.
  const steps: { job: JobName; failed: string; work: () => Promise<unknown> }[] = [
    {
      job: 'payment_expiry',
      failed: 'payment expiry job failed',
      work: async () => {
        const expired = await expireUnpaidOrders(db, now());
        if (expired.length > 0) log.info({ orders: expired }, 'pesanan belum dibayar melewati batas waktu dibatalkan');
      },
    },
    // Rate-limit windows that ended a while ago (docs/decisions/025-shared-rate-limits.md).
    { job: 'rate_limit_cleanup', failed: 'rate-limit cleanup failed', work: () => deleteEndedHits(db, new Date(now().getTime() - 60 * 60_000)) },
    // The per-connection figure rows are merged here, so a read never has to write (docs/database.md).
    { job: 'figures_merge', failed: 'figure rows merge failed', work: () => mergeFigureRows(db) },
    // The products sold an hour ago are long read by every process (migration 0027).
    { job: 'stock_feed_prune', failed: 'stock feed prune failed', work: () => pruneStockFeed(db, new Date(now().getTime() - 60 * 60_000)) },
    // Before the outbox run, so a reminder queued now goes out in this run (decision 051).
    {
      job: 'payment_reminders',
      failed: 'payment reminder job failed',
      work: async () => {
        const reminded = await queuePaymentReminders(db, now());
        if (reminded.length > 0) log.info({ orders: reminded }, 'pengingat pembayaran dijadwalkan');
      },
    },
    // Before the outbox run too: nothing to tell, but the order's status follows at once (issue 28).
    {
      job: 'shipment_autocomplete',
      failed: 'shipment auto-complete job failed',
      work: async () => {
        const completed = await completeDeliveredShipments(db, now());
        if (completed.length > 0) log.info({ shipments: completed }, 'pengiriman yang sampai dianggap diterima');
      },
    },
  ];
  // The two outboxes report alike; a failed send is something to look at, not routine (issue 28).
  const outboxStep = (
    job: 'mail_outbox' | 'whatsapp_outbox',
    channel: 'email' | 'whatsapp',
    send: () => Promise<{ sent: number; failed: number }>,
    says: { jobFailed: string; someFailed: string; sent: string },
  ) => ({
    job,
    failed: says.jobFailed,
    work: async () => {
      const result = await send();
      metrics?.outboxSent(channel, result);
      if (result.failed > 0) log.error(result, says.someFailed);
      else if (result.sent > 0) log.info(result, says.sent);
    },
  });
  if (mailer) {
    steps.push(
      outboxStep('mail_outbox', 'email', () => sendDueMail(db, mailer, now(), stop), { jobFailed: 'mail outbox job failed', someFailed: 'sebagian email outbox gagal dikirim', sent: 'outbox email dikirim' }),
    );
  }
  if (whatsapp) {
    steps.push(
      outboxStep('whatsapp_outbox', 'whatsapp', () => sendDueWhatsapp(db, whatsapp, now(), stop), { jobFailed: 'whatsapp outbox job failed', someFailed: 'sebagian pesan WhatsApp outbox gagal dikirim', sent: 'outbox WhatsApp dikirim' }),
    );
  }

  const runOnce = async () => {
    for (const { job, failed, work } of steps) {
      try {
        await measured(job, work);
      } catch (error) {
        log.error({ err: error }, failed);
      }
      if (stop?.aborted) return;
    }
  };
  const tick = () => {
    if (running || stop?.aborted) return;
    running = (async () => {
      if (input.shouldRun && !(await input.shouldRun())) return;
      await runOnce();
      log.debug?.({}, 'tugas latar selesai');
    })().finally(() => {
      running = null;
    });
  };

  tick();
  const timer = config.JOB_INTERVAL_MS > 0 ? setInterval(tick, config.JOB_INTERVAL_MS) : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await running;
  };
}
