/**
 * What things cost (spec: Billing rules, and the MCP tools table). Charges are per delivered item: failures
 * are free. Written from the spec; test/unit/service-agrees.test.ts holds the extension's prices equal to these.
 */
export const PRICES = {
  /** AI Units per started minute of analysed video (rule 5; the conflicting 15 for deep is not used). */
  analysisAiUnitsPerMinute: { standard: 3, deep: 30 },
  /** AI Units per started minute of audio, for a fresh transcription of a captionless video (rule 3). */
  audioAiUnitsPerMinute: 3,
  /** AI Units per question (rule 6). */
  aiUnitsPerQuestion: 1,
  /** Cloud Requests per delivered transcript, REST and get_transcript (rule 1). */
  cloudRequestsPerTranscript: 1,
  /** Cloud Requests per successful channel listing (rule 4). */
  cloudRequestsPerListing: 1,
  /** Cloud Requests per video searched by search_transcript (MCP tools table). */
  cloudRequestsPerSearchVideo: 1,
} as const;
