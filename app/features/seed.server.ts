// The features' demo rows, added by the seed after the accounts (app/.server/platform/db/seed.ts). The platform
// imports no feature (ADR 045): the entry and scripts/db.ts pass this list to prepareDatabase.
import type { FeatureSeed } from "~/.server/platform/db/seed";
import { seedRepositories } from "./repositories/repositories.server";

export const FEATURE_SEEDS: readonly FeatureSeed[] = [seedRepositories];
