/**
 * When the figures below were read from the pages in PRICE_PAGES (the day the first, hand-written
 * docs/cost.md gave them). This machine has no network to read them again: whoever updates a figure
 * updates this date.
 */
export const PRICES_READ = '2026-11-26';

/** The AWS pricing page each service's figures come from. */
export const PRICE_PAGES: Record<string, string> = {
  Lambda: 'https://aws.amazon.com/lambda/pricing/',
  'Step Functions': 'https://aws.amazon.com/step-functions/pricing/',
  DynamoDB: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  S3: 'https://aws.amazon.com/s3/pricing/',
  Textract: 'https://aws.amazon.com/textract/pricing/',
  SQS: 'https://aws.amazon.com/sqs/pricing/',
  KMS: 'https://aws.amazon.com/kms/pricing/',
  'Secrets Manager': 'https://aws.amazon.com/secrets-manager/pricing/',
  WAF: 'https://aws.amazon.com/waf/pricing/',
  CloudWatch: 'https://aws.amazon.com/cloudwatch/pricing/',
  Cognito: 'https://aws.amazon.com/cognito/pricing/',
  'API Gateway': 'https://aws.amazon.com/api-gateway/pricing/',
  CloudFront: 'https://aws.amazon.com/cloudfront/pricing/',
  'X-Ray': 'https://aws.amazon.com/xray/pricing/',
};

/**
 * AWS list prices, us-east-1, on-demand, without the free tier (it is per account and shared with the
 * sandboxes). Each figure names the AWS pricing page it was read from (PRICE_PAGES); update them here
 * and only here.
 */
export const PRICES = {
  lambda: {
    // "AWS Lambda pricing": duration per GB-second by architecture (first 6 billion GB-s a month), requests.
    gbSecond: { arm64: 0.0000133334, x86_64: 0.0000166667 },
    perMillionRequests: 0.2,
  },
  // "AWS Step Functions pricing": Standard workflows, per state transition.
  stepFunctionsPerThousandTransitions: 0.025,
  dynamodb: {
    // "Amazon DynamoDB pricing for on-demand capacity" (after the November 2024 reduction).
    perMillionWriteUnits: 0.625,
    perMillionReadUnits: 0.125,
    storageGbMonth: 0.25,
    // Continuous backups (point-in-time recovery), per GB-month of table data.
    pitrGbMonth: 0.2,
  },
  s3: {
    // "Amazon S3 pricing": S3 Standard, first 50 TB; PUT/COPY/POST/LIST and GET/SELECT requests.
    storageGbMonth: 0.023,
    perThousandPuts: 0.005,
    perThousandGets: 0.0004,
  },
  // "Amazon Textract pricing": AnalyzeExpense, per page, first million pages a month.
  textractPerPage: 0.01,
  // "Amazon SQS pricing": standard queues, per request (each 64 KB chunk), after the first 1M.
  sqsPerMillionRequests: 0.4,
  kms: {
    // "AWS Key Management Service pricing": customer-managed key, per month; symmetric requests.
    keyMonth: 1,
    perTenThousandRequests: 0.03,
  },
  // "AWS Secrets Manager pricing": per secret-month.
  secretMonth: 0.4,
  waf: {
    // "AWS WAF pricing": per web ACL, per rule (each managed rule group counts as one), per request.
    webAclMonth: 5,
    ruleMonth: 1,
    perMillionRequests: 0.6,
  },
  cloudwatch: {
    // "Amazon CloudWatch pricing": standard-resolution alarm per metric, logs ingested and stored
    // (Standard log class), custom metrics (first 10,000).
    alarmMonth: 0.1,
    logsIngestedGb: 0.5,
    logsStoredGbMonth: 0.03,
    customMetricMonth: 0.3,
  },
  // "Amazon Cognito pricing": Plus feature plan (threat protection), per monthly active user.
  cognitoMau: { LITE: 0.0055, ESSENTIALS: 0.015, PLUS: 0.02 } as Record<string, number>,
  // "Amazon API Gateway pricing": REST APIs, first 333 million requests a month.
  apiGatewayPerMillionRequests: 3.5,
  cloudfront: {
    // "Amazon CloudFront pricing": pay-as-you-go, North America, first 10 TB out; HTTPS requests.
    perGbOut: 0.085,
    perTenThousandHttpsRequests: 0.01,
  },
  // "AWS X-Ray pricing": traces recorded.
  xrayPerMillionTraces: 5,
} as const;
