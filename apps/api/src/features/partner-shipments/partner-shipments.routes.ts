/** Issue 29: routes of the partner-shipments feature (filled in by its change). */
import type { FeatureRoutes } from '../../deps';

const partnerShipmentsRoutes: FeatureRoutes = async () => {};

export default partnerShipmentsRoutes;
