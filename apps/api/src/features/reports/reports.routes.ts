/** Issue 29: routes of the reports feature (filled in by its change). */
import type { FeatureRoutes } from '../../deps';

const reportsRoutes: FeatureRoutes = async () => {};

export default reportsRoutes;
