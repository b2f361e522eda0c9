/** Issue 29: routes of the settlement feature (filled in by its change). */
import type { FeatureRoutes } from '../../deps';

const settlementRoutes: FeatureRoutes = async () => {};

export default settlementRoutes;
