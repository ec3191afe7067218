// A transfer's inputs as the in-process and end-to-end tests give them.

/**
 * The inputs of a copy of the corpus bucket (tencent, cos.example.com) into volume `volume`, with the
 * example keys every log line, file and output must hold out (the e2e invariants' SECRETS); `fields` add.
 */
export const corpusInto = (volume: string, fields: Record<string, string> = {}): Record<string, string> => ({
  operation: 'transfer',
  volume,
  direction: 's3-to-volume',
  s3_supplier: 'tencent',
  s3_endpoint: 'cos.example.com',
  s3_bucket: 'corpus',
  s3_access_key: 'AKIDEXAMPLE',
  s3_secret_key: 'wJalrXUtnFEMI',
  ...fields
});
