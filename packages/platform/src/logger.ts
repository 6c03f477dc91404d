import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger. JSON on AWS; set POWERTOOLS_DEV=true (the local stack does)
 * for indented, readable output.
 */
export const logger = new Logger({ serviceName: 'football-predictions' });
