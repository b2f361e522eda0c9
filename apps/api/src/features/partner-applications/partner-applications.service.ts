/**
 * Becoming a partner (issue 29 §1, decisions 053 and 054). An application makes its account at once,
 * as a customer, in the transaction that stores the application and queues the receipt; the office
 * approves it (the account becomes `mitra`, linked to a new or an existing business) or rejects it
 * with a reason; each answer is e-mailed through the outbox. No SQL, no HTTP here.
 */
import type { User } from '@pasar/core/accounts';
import { AppError, genericMessages } from '@pasar/core/errors';
import {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
  partnerApplicationMessages as m,
  splitOwnerName,
  tooManyApplicationsMessage,
  type ApplicationMailText,
  type ApplicationStatus,
  type ApproveApplicationInput,
  type MyApplication,
  type PartnerApplication,
  type PartnerApplicationBusinessInput,
  type PartnerApplicationInput,
  type RejectApplicationInput,
} from '@pasar/core/partner-applications';
import { PARTNER_ROLE } from '@pasar/core/partners';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import { secondsUntil, type Counters } from '../../limits/counters';
import { assertIdentifiersAvailable, CUSTOMER_ROLE, findRoleByName, findUserById, identifierConflict, insertUser, issueSessionToken, publicUser } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import { checkDestination } from '../locations/locations.service';
import { queueAccountMail } from '../mail/mail.service';
import { partnerApplicationMail } from '../mail/mail.templates';
import { linkPartnerAccount } from '../partners/partners.service';
import { getSetting } from '../settings/settings.service';
import { businessExists } from '../businesses/businesses.service';
import type { ClientInfo } from '../../lib/http';
import {
  accountRole,
  applicationsOfUser,
  decideApplication,
  findApplication,
  insertApplication,
  insertBusinessFromApplication,
  isSecondPending,
  listApplications,
  lockApplication,
  type ApplicationRow,
  type NewApplication,
} from './partner-applications.repository';

/**
 * Applications from one client address in an hour. Each makes an account and mails a receipt to
 * the address typed, so an open door would be a way to flood inboxes; a real business applies once,
 * a shared office connection a few times.
 */
export const MAX_APPLICATIONS_PER_ADDRESS = 5;
const APPLICATION_WINDOW_MS = 60 * 60 * 1000;

export interface ApplicationDeps {
  database: Database;
  counters: Counters;
  now: () => Date;
  /** publicOrigin(config): links in the e-mails; smtp: whether a mail waits for the job or is kept for the outbox. */
  mail: { origin: string; smtp: boolean };
  rajaongkir?: RajaOngkirClient | undefined;
}

export function toMine(a: PartnerApplication): MyApplication {
  return {
    id: a.id,
    status: a.status,
    business_name: a.business_name,
    city_name: a.city_name,
    district_name: a.district_name,
    rejection_reason: a.rejection_reason,
    reviewed_at: a.reviewed_at,
    created_at: a.created_at,
  };
}

const secondPending = () => new AppError('CONFLICT', m.alreadyPending);

export class PartnerApplicationsService {
  private readonly db: Db;

  constructor(private readonly deps: ApplicationDeps) {
    this.db = deps.database.db;
  }

  private async storeName(): Promise<string> {
    return (await getSetting(this.db, 'store_profile'))?.name ?? 'Pasar UMKM';
  }

  /** Inside the caller's transaction: the store's name is read before it, as PGlite has one connection. */
  private async queueMail(db: DbOrTx, kind: string, to: string, text: ApplicationMailText, storeName: string): Promise<void> {
    const content = partnerApplicationMail(text, { storeName, origin: this.deps.mail.origin });
    await queueAccountMail(db, { kind, to, content, smtp: this.deps.mail.smtp });
  }

  /** The names come from the area data, never from the request (issue 14); the errors name the field to correct. */
  private async record(input: PartnerApplicationBusinessInput): Promise<Omit<NewApplication, 'user_id'>> {
    const area = await checkDestination(
      { provinceId: input.province_id, cityId: input.city_id, districtId: input.district_id },
      { province: 'province_id', city: 'city_id', district: 'district_id' },
      this.deps.rajaongkir,
    );
    return {
      business_name: input.business_name,
      owner_name: input.owner_name,
      phone: input.phone,
      email: input.email,
      address: input.address,
      province_id: area.province.id,
      province_name: area.province.name,
      city_id: area.city.id,
      city_name: area.city.name,
      district_id: area.district.id,
      district_name: area.district.name,
      nib: input.nib,
      pirt: input.pirt,
      bpom: input.bpom,
      halal: input.halal,
      sells: input.sells,
      bank_name: input.bank_name,
      bank_account_number: input.bank_account_number,
      bank_account_name: input.bank_account_name,
    };
  }

  private async limit(ip: string): Promise<void> {
    const count = await this.deps.counters.hit(`partner-apply:ip:${ip}`, APPLICATION_WINDOW_MS);
    if (count.count > MAX_APPLICATIONS_PER_ADDRESS) {
      const wait = secondsUntil(count.resetAt, this.deps.now());
      throw new AppError('RATE_LIMITED', tooManyApplicationsMessage(wait), { details: { retry_after_seconds: wait } });
    }
  }

  /**
   * A visitor applies: the customer account and the pending application in one transaction
   * (decision 053), then signed in, so the page can show the application's status at once.
   */
  async apply(input: PartnerApplicationInput, client: ClientInfo): Promise<{ token: string; user: User; application: MyApplication }> {
    await this.limit(client.ip);
    await assertIdentifiersAvailable(this.db, { username: input.username, email: input.email });
    const record = await this.record(input);
    const role = await findRoleByName(this.db, CUSTOMER_ROLE);
    if (!role) throw new AppError('INTERNAL', m.submitFailed);
    // Hashed before the transaction: argon2 takes tens of milliseconds no row should wait for.
    const passwordHash = await hashPassword(input.password);
    const storeName = await this.storeName();
    const mail = applicationReceivedMail({ ownerName: input.owner_name, businessName: input.business_name, username: input.username, storeName });
    let ids: { userId: number; applicationId: number };
    try {
      ids = await this.db.transaction(async (tx) => {
        const userId = await insertUser(tx, { username: input.username, email: input.email, passwordHash, ...splitOwnerName(input.owner_name), phone_number: input.phone, roleId: role.id });
        const applicationId = await insertApplication(tx, { ...record, user_id: userId });
        await this.queueMail(tx, 'partner_application_received', input.email, mail, storeName);
        return { userId, applicationId };
      });
    } catch (error) {
      // Two applications racing for one name: the unique index decides, as at registration.
      identifierConflict(error);
    }
    const token = await issueSessionToken(this.db, ids.userId, client, this.deps.now());
    const user = await findUserById(this.db, ids.userId);
    const application = await findApplication(this.db, ids.applicationId);
    if (!user || !application) throw new AppError('INTERNAL', m.submitFailed);
    return { token, user: publicUser(user), application: toMine(application) };
  }

  /** A signed-in customer applies with its own account (again after a rejection, or a shopper who opens a business). */
  async applyAsAccount(userId: number, input: PartnerApplicationBusinessInput, client: ClientInfo): Promise<MyApplication> {
    await this.limit(client.ip);
    const account = await accountRole(this.db, userId);
    if (!account) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
    if (account.role === PARTNER_ROLE) throw new AppError('CONFLICT', m.alreadyPartner);
    if (account.role !== CUSTOMER_ROLE) throw new AppError('FORBIDDEN', m.onlyCustomers);
    if ((await applicationsOfUser(this.db, userId)).some((a) => a.status === 'pending')) throw secondPending();
    const record = { ...(await this.record(input)), user_id: userId };
    const user = await findUserById(this.db, userId);
    const storeName = await this.storeName();
    const mail = applicationReceivedMail({ ownerName: input.owner_name, businessName: input.business_name, username: user?.username ?? '', storeName });
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const inserted = await insertApplication(tx, record);
        await this.queueMail(tx, 'partner_application_received', input.email, mail, storeName);
        return inserted;
      });
    } catch (error) {
      // The check above can race with a second tab; the partial unique index cannot.
      if (isSecondPending(error)) throw secondPending();
      throw error;
    }
    const application = await findApplication(this.db, id);
    if (!application) throw new AppError('INTERNAL', m.submitFailed);
    return toMine(application);
  }

  async mine(userId: number): Promise<MyApplication[]> {
    return (await applicationsOfUser(this.db, userId)).map(toMine);
  }

  list(status: ApplicationStatus): Promise<PartnerApplication[]> {
    return listApplications(this.db, status);
  }

  async get(id: number): Promise<PartnerApplication> {
    const application = await findApplication(this.db, id);
    if (!application) throw new AppError('NOT_FOUND', m.notFound);
    return application;
  }

  /** The row locked for a decision, or the reason it cannot be decided at the version the office read. */
  private async lockPending(tx: DbOrTx, id: number, version: number): Promise<ApplicationRow> {
    const row = await lockApplication(tx, id);
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    if (row.status !== 'pending') throw new AppError('CONFLICT', m.notPending);
    if (row.version !== version) throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
    return row;
  }

  /**
   * Approval: the account becomes `mitra`, linked to the business the office chose or to a new one
   * made from the application (certificates unverified). An existing business keeps its own data:
   * the office chose it because it already knows it.
   */
  async approve(id: number, input: ApproveApplicationInput, reviewerId: number): Promise<PartnerApplication> {
    const storeName = await this.storeName();
    await this.db.transaction(async (tx) => {
      const row = await this.lockPending(tx, id, input.version);
      if (row.user_id === null) throw new AppError('CONFLICT', m.accountGone);
      const account = await accountRole(tx, row.user_id);
      if (!account) throw new AppError('CONFLICT', m.accountGone);
      // An account promoted to admin meanwhile would lose the back office; a partner already runs a business.
      if (account.role === PARTNER_ROLE) throw new AppError('CONFLICT', m.alreadyPartner);
      if (account.role !== CUSTOMER_ROLE) throw new AppError('CONFLICT', m.onlyCustomers);
      let businessId: number;
      if (input.business_id) {
        if (!(await businessExists(tx, input.business_id))) throw new AppError('VALIDATION_ERROR', m.businessNotFound, { fields: { business_id: m.businessNotFound } });
        businessId = input.business_id;
      } else {
        businessId = await insertBusinessFromApplication(tx, row);
      }
      await linkPartnerAccount(tx, row.user_id, businessId);
      if (!(await decideApplication(tx, id, input.version, { status: 'approved', business_id: businessId, reviewed_by: reviewerId }))) {
        throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
      }
      await this.queueMail(tx, 'partner_application_approved', row.email, applicationApprovedMail({ ownerName: row.owner_name, businessName: row.business_name, storeName }), storeName);
    });
    return this.get(id);
  }

  /** Rejection keeps the customer account; the reason is stored for the applicant's page and mailed. */
  async reject(id: number, input: RejectApplicationInput, reviewerId: number): Promise<PartnerApplication> {
    const storeName = await this.storeName();
    await this.db.transaction(async (tx) => {
      const row = await this.lockPending(tx, id, input.version);
      if (!(await decideApplication(tx, id, input.version, { status: 'rejected', rejection_reason: input.reason, reviewed_by: reviewerId }))) {
        throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
      }
      await this.queueMail(
        tx,
        'partner_application_rejected',
        row.email,
        applicationRejectedMail({ ownerName: row.owner_name, businessName: row.business_name, storeName, reason: input.reason }),
        storeName,
      );
    });
    return this.get(id);
  }
}
