/** Issue 29: routes of the partner-applications feature (filled in by its change). */
import type { FeatureRoutes } from '../../deps';

const partnerApplicationsRoutes: FeatureRoutes = async () => {};

export default partnerApplicationsRoutes;
