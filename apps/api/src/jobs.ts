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
import type { JobMetrics } from './metrics/metrics';
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

  const runOnce = async () => {
    try {
      const expired = await measured('payment_expiry', () => expireUnpaidOrders(db, now()));
      if (expired.length > 0) log.info({ orders: expired }, 'pesanan belum dibayar melewati batas waktu dibatalkan');
    } catch (error) {
      log.error({ err: error }, 'payment expiry job failed');
    }
    if (stop?.aborted) return;
    try {
      // Rate-limit windows that ended a while ago (docs/decisions/025-shared-rate-limits.md).
      await measured('rate_limit_cleanup', () => deleteEndedHits(db, new Date(now().getTime() - 60 * 60_000)));
    } catch (error) {
      log.error({ err: error }, 'rate-limit cleanup failed');
    }
    if (stop?.aborted) return;
    try {
      // The per-connection figure rows are merged here, so a read never has to write (docs/database.md).
      await measured('figures_merge', () => mergeFigureRows(db));
    } catch (error) {
      log.error({ err: error }, 'figure rows merge failed');
    }
    if (stop?.aborted) return;
    try {
      // The products sold an hour ago are long read by every process (migration 0027).
      await measured('stock_feed_prune', () => pruneStockFeed(db, new Date(now().getTime() - 60 * 60_000)));
    } catch (error) {
      log.error({ err: error }, 'stock feed prune failed');
    }
    if (stop?.aborted) return;
    try {
      // Before the outbox run, so a reminder queued now goes out in this run (decision 051).
      const reminded = await measured('payment_reminders', () => queuePaymentReminders(db, now()));
      if (reminded.length > 0) log.info({ orders: reminded }, 'pengingat pembayaran dijadwalkan');
    } catch (error) {
      log.error({ err: error }, 'payment reminder job failed');
    }
    if (stop?.aborted) return;
    try {
      // Before the outbox run too: nothing to tell, but the order's status follows at once (issue 28).
      const completed = await measured('shipment_autocomplete', () => completeDeliveredShipments(db, now()));
      if (completed.length > 0) log.info({ shipments: completed }, 'pengiriman yang sampai dianggap diterima');
    } catch (error) {
      log.error({ err: error }, 'shipment auto-complete job failed');
    }
    if (stop?.aborted) return;
    if (mailer) {
      try {
        const result = await measured('mail_outbox', () => sendDueMail(db, mailer, now(), stop));
        metrics?.outboxSent('email', result);
        // A failed send is something to look at, not routine (issue 28).
        if (result.failed > 0) log.error(result, 'sebagian email outbox gagal dikirim');
        else if (result.sent > 0) log.info(result, 'outbox email dikirim');
      } catch (error) {
        log.error({ err: error }, 'mail outbox job failed');
      }
    }
    if (stop?.aborted) return;
    if (whatsapp) {
      try {
        const result = await measured('whatsapp_outbox', () => sendDueWhatsapp(db, whatsapp, now(), stop));
        metrics?.outboxSent('whatsapp', result);
        if (result.failed > 0) log.error(result, 'sebagian pesan WhatsApp outbox gagal dikirim');
        else if (result.sent > 0) log.info(result, 'outbox WhatsApp dikirim');
      } catch (error) {
        log.error({ err: error }, 'whatsapp outbox job failed');
      }
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
