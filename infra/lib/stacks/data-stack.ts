import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as events from 'aws-cdk-lib/aws-events';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import { namePrefix, type DeployConfig } from '../config.ts';
import { AlarmTopic } from '../constructs/alarm-topic.ts';
import { Data } from '../constructs/data.ts';
import { Email } from '../constructs/email.ts';
import { Secrets } from '../constructs/secrets.ts';
import { acknowledge } from '../nag.ts';

/** Daily backups kept this long, in the region and in the copy region. */
export const BACKUP_RETENTION = Duration.days(35);
/** `fp-prod-alarms`: every notification of the stage. */
export const alarmTopicName = (config: DeployConfig) => `${namePrefix(config)}alarms`;
/** `fp-prod-backup-copy`: the copy vault's fixed name (its stack lives in `backupRegion`). */
export const copyVaultName = (config: DeployConfig) => `${namePrefix(config)}backup-copy`;

export interface DataStackProps extends StackProps {
  config: DeployConfig;
}

/**
 * What must outlive every other stack of the stage, and is never replaced: the table (fixed name,
 * PITR, daily AWS Backup copied to a second region), the secrets, the SES identity (its DKIM
 * records are in DNS) and the notification topic (its subscriptions are confirmed by people).
 */
export class DataStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly email: Email;
  readonly alarms: AlarmTopic;
  readonly backupPlan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);
    const retain = config.stage !== 'dev';

    this.data = new Data(this, 'Data', { retain, tableName: `${prefix}table` });
    this.secrets = new Secrets(this, 'Secrets', { retain });
    this.email = this.emailIdentity(config);
    this.alarms = new AlarmTopic(this, 'Alarms', { topicName: alarmTopicName(config), ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}) });

    const vault = new backup.BackupVault(this, 'BackupVault', {
      backupVaultName: `${prefix}backup`,
      // Named: retained on update and delete, removed (empty) when a first create fails, so the retry can reuse the name.
      removalPolicy: retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
      notificationTopic: this.alarms.topic,
      notificationEvents: [
        backup.BackupVaultEvents.BACKUP_JOB_FAILED,
        backup.BackupVaultEvents.COPY_JOB_FAILED,
        backup.BackupVaultEvents.RESTORE_JOB_COMPLETED,
      ],
    });
    const copyVault = backup.BackupVault.fromBackupVaultArn(
      this,
      'CopyVault',
      `arn:${this.partition}:backup:${config.backupRegion}:${this.account}:backup-vault:${copyVaultName(config)}`,
    );
    this.backupPlan = new backup.BackupPlan(this, 'BackupPlan', {
      backupPlanName: `${prefix}daily`,
      backupVault: vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          // 03:00 UTC, after the evening's results and before the 06:00 generation.
          scheduleExpression: events.Schedule.cron({ hour: '3', minute: '0' }),
          deleteAfter: BACKUP_RETENTION,
          copyActions: [{ destinationBackupVault: copyVault, deleteAfter: BACKUP_RETENTION }],
        }),
      ],
    });
    // A table switched in after a restore (context tableName) is backed up like the original, from
    // the deploy that switches to it (docs/operations.md "Restore"); the original stays in the plan too.
    const switched = config.tableName && config.tableName !== `${prefix}table` ? config.tableName : undefined;
    const selection = this.backupPlan.addSelection('Table', {
      resources: [
        backup.BackupResource.fromDynamoDbTable(this.data.table),
        ...(switched ? [backup.BackupResource.fromArn(this.formatArn({ service: 'dynamodb', resource: 'table', resourceName: switched }))] : []),
      ],
    });
    acknowledge(
      selection,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      "AWS Backup's own service policy for taking backups of the selected resources (the table); AWS keeps it in step with the service.",
    );

    new CfnOutput(this, 'TableName', {
      description: "The data stack's table (functions may use a restored one: context tableName)",
      value: this.data.table.tableName,
    });
    new CfnOutput(this, 'StripeSecretArn', { description: 'Put {"secretKey","webhookSecret"} here', value: this.secrets.stripe.secretArn });
    new CfnOutput(this, 'ProvidersSecretArn', { description: 'Put {"apiFootballKey","oddsApiKey"} here', value: this.secrets.providers.secretArn });
    new CfnOutput(this, 'SessionSecretArn', { description: 'Generated; put a new value only to sign everyone out', value: this.secrets.session.secretArn });
    new CfnOutput(this, 'OriginVerifySecretArn', {
      description: 'Generated; put a new value only together with a deploy (docs/security.md)',
      value: this.secrets.originVerify.secretArn,
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'Every notification of the stage; subscribe on-call here', value: this.alarms.topic.topicArn });
    new CfnOutput(this, 'BackupVaultName', { value: vault.backupVaultName });
  }

  /** The SES identity: the site's domain (DKIM records added when its zone is ours), else the sender address. */
  private emailIdentity(config: DeployConfig): Email {
    const zone =
      config.domainName && config.hostedZoneId && config.hostedZoneName && config.domainName === config.hostedZoneName
        ? route53.HostedZone.fromHostedZoneAttributes(this, 'EmailZone', { hostedZoneId: config.hostedZoneId, zoneName: config.hostedZoneName })
        : undefined;
    // Offline synthesis (tests, `npm run synth`) without a sender gets a placeholder; a deploy refuses it (config.ts).
    const sender = config.emailFrom ?? (config.domainName ? `no-reply@${config.domainName}` : 'no-reply@example.com');
    return new Email(this, 'Email', { sender, ...(config.domainName ? { domain: config.domainName } : {}), ...(zone ? { zone } : {}) });
  }
}

/** The vault in `backupRegion` that receives the daily copies. */
export class BackupCopyStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { config: DeployConfig }) {
    super(scope, id, props);
    new backup.BackupVault(this, 'CopyVault', {
      backupVaultName: copyVaultName(props.config),
      removalPolicy: props.config.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}
