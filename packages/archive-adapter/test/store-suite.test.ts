import { storeFactories } from './store-factories';
import { describeStoreSuite } from './store-suite';

for (const factory of storeFactories) describeStoreSuite(factory);
