/** Issue 29: routes of the curation feature (filled in by its change). */
import type { FeatureRoutes } from '../../deps';

const curationRoutes: FeatureRoutes = async () => {};

export default curationRoutes;
