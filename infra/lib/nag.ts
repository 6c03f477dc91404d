import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag AwsSolutions finding on `scope` (and everything under it), next to
 * the construct it concerns. `rule` is the id without the pack prefix, e.g. `IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}
