/** A partner's corner (issue 29): who is signed in and which business it runs. */
import { AppError } from '@pasar/core/errors';
import { certificatesOf, commissionPercentFor, partnerMessages, type PartnerProfile } from '@pasar/core/partners';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../auth/session-user';
import { partnerProgram } from '../settings/settings.service';
import { findPartnerBusiness, linkPartnerAccount } from './partners.repository';

/** A partner's business row (the partner's corner) and the link that makes an account its partner (an approved application). */
export { findPartnerBusiness, linkPartnerAccount };

export async function partnerProfile(db: DbOrTx, user: SessionUser, businessId: number): Promise<PartnerProfile> {
  const business = await findPartnerBusiness(db, businessId);
  if (!business) throw new AppError('FORBIDDEN', partnerMessages.noBusiness);
  const program = await partnerProgram(db);
  return {
    user: { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name },
    business: {
      id: business.id,
      name: business.name,
      owner_name: business.owner_name,
      address: business.address,
      city_name: business.city_name,
      district_name: business.district_name,
      contact_phone: business.contact_phone,
      contact_email: business.contact_email,
      is_active: business.is_active,
      certificates: certificatesOf(business),
      bank_name: business.bank_name,
      bank_account_number: business.bank_account_number,
      bank_account_name: business.bank_account_name,
      commission_percent: commissionPercentFor(business, program),
    },
  };
}
