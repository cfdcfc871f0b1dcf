/**
 * Shared by the data layer's test files (not itself a test): the back end's test support (a fresh server per test,
 * checks on every response), with those checks applied to the data layer's own client too.
 */
import { checkEveryResponse } from '@murmur/mock-api/test-support';
import { apiClient } from './client/http';

export * from '@murmur/mock-api/test-support';

checkEveryResponse(apiClient);
