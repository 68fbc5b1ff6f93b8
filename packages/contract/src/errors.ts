/** Server error codes (spec 1 §8, spec 2 §8). The web app translates them; the server never does. */
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  // Codes the spec does not list but the product needs; each has a translation in the web app.
  'ERR_VALIDATION', // 400 with `fields`
  'ERR_NOT_FOUND', // an id that is not in the caller's company, or an unknown route
  'ERR_TOO_MANY_REQUESTS', // login / reset throttling
  'ERR_SUBSCRIPTION_EXPIRED', // a non-basic route called while the company's due date has passed
  'ERR_PLAN_FEATURE_DISABLED', // a route whose plan switch is off
  'ERR_EMAIL_ALREADY_EXISTS',
  'ERR_INVALID_RESET_CODE',
  'ERR_COMPANY_NAME_ALREADY_EXISTS',
  'ERR_PLAN_IN_USE',
  'ERR_PLAN_USER_LIMIT',
  'ERR_PLAN_QUEUE_LIMIT', // the plan's queue count is reached (main company exempt)
  'ERR_QUEUE_NAME_ALREADY_EXISTS', // queue names are unique per company, like colours
  'ERR_LAST_ADMIN', // demoting the company's only admin would leave nobody to manage it
  'ERR_INVALID_FILE',
  'ERR_FILE_TOO_LARGE',
  'ERR_SHEET_TOO_LARGE', // 413: an uploaded contact sheet past CONTACT_SHEET_LIMITS (inflated size, zip entries, rows, columns, cell length); `limit` says which
  // Flow builder save (POST /flowbuilder/flow): the graph rules; `nodeId` / `edgeId` name the culprit.
  'ERR_FLOW_NO_START', // no start node
  'ERR_FLOW_MANY_STARTS', // more than one start node
  'ERR_FLOW_DUPLICATE_NODE', // two nodes share an id
  'ERR_FLOW_DANGLING_EDGE', // an edge whose source or target is not a node of the flow
  'ERR_FLOW_MENU_OPTION', // a menu edge whose handle names no option of the menu
  'ERR_FLOW_CYCLE_WITHOUT_WAIT', // a loop with no node that waits (menu, question, interval, typebot, openai)
  'ERR_TICKET_REQUIRES_TAG', // closing a ticket without a tag while the requiredTag setting is on
  'ERR_TRANSCRIPTION_NOT_CONFIGURED', // no OpenAI key for audio transcription (setting openAiKeyAudio or OPENAI_API_KEY)
  'ERR_TRANSCRIPTION_FAILED', // the transcription service refused or failed (wrong key, unreachable, …)
  'ERR_CONNECTION_NAME_ALREADY_EXISTS', // connection names are unique per company (case-insensitive)
  'ERR_PLAN_CONNECTION_LIMIT', // the plan's connection count is reached (main company exempt)
  'ERR_CUSTOMER_WINDOW_CLOSED', // WhatsApp Cloud API, Facebook, Instagram: more than 24 h since the customer's last message
  'ERR_TEMPLATE_NOT_SENDABLE', // a message template that is not approved (pending, rejected, paused, disabled) or not of the ticket's connection
  'ERR_TEMPLATES_UNAVAILABLE', // templates need a WhatsApp Cloud API connection with its business account id (wabaId)
  'ERR_TEMPLATES_SYNC_FAILED', // Meta refused or did not answer the template list (token, business account id, network)
  'ERR_META_ACCOUNT_IN_USE', // POST /facebook, POST/PUT /whatsapp: the page, Instagram account or Cloud API phone number id is already a connection
  'ERR_META_GRAPH', // POST /facebook: Meta refused the token or the page list (expired token, missing permissions)
  'ERR_META_NUMBER_NOT_OWNED', // POST/PUT /whatsapp (Cloud API): Meta does not let the token use the phone number id (another business's number, or no valid token)
  'ERR_META_NOT_CONFIGURED', // the Meta login or Embedded Signup before the operator set the Meta app (id, secret, configuration id)
  'ERR_META_UNREACHABLE', // POST/PUT /whatsapp (Cloud API): Meta could not be asked about the phone number id (network, throttling, Meta's own failure)
  'ERR_SERVICE_UNAVAILABLE', // the database cannot be reached right now: try again after Retry-After seconds
  'ERR_PAIRING_CODE_UNSUPPORTED', // the connection's provider cannot pair by code (only WhatsApp Web can)
  'ERR_INVALID_TOKEN', // the external API's bearer token is no connection's token
  'ERR_INVALID_NUMBER', // the external API's number is not a phone number (digits, 8 to 15 with country code)
  'ERR_SCHEDULE_ALREADY_SENT', // PUT /schedules/:id once a send has gone out (spec 3 §4: the form can no longer be submitted)
  'ERR_SCHEDULE_CONTACT_GONE', // a schedule's send found its contact deleted (status ERRO)
  'ERR_SCHEDULE_CONNECTION_GONE', // a schedule's send found no connection: deleted, or the company has none (status ERRO)
  'ERR_CAMPAIGN_NOT_EDITABLE', // PUT /campaigns/{id} once it is running, finished, or within an hour of its start
  'ERR_CAMPAIGN_STATUS', // cancel outside EM_ANDAMENTO, restart outside CANCELADA
  'ERR_INTERNAL',
  'ERR_NO_PAYMENT_PROVIDER', // POST /subscription while the super user has configured no payment provider
  'ERR_PAYMENT_PROVIDER', // every configured payment provider refused the charge or could not be reached
  'ERR_INVOICE_ALREADY_PAID', // POST /subscription for an invoice that is paid
  'ERR_PLAN_NOT_AVAILABLE', // POST /subscription for a private plan that is not the company's own (the super user assigns private plans)
  'ERR_EFI_NOT_CONFIGURED', // Efí webhook registration before client id, client secret, pix key and .p12 certificate are all set
  'ERR_EFI_WEBHOOK_REFUSED', // Efí answered the webhook registration with an error; `detail` carries Efí's message
  'ERR_EFI_UNREACHABLE', // Efí could not be reached (network, TLS handshake refused the certificate, timeout); `detail` says how
  'ERR_KANBAN_LANE_CYCLE', // a lane whose timed move points to itself or closes a cycle of timed moves
  'ERR_KANBAN_LANE_INVALID', // a lane's next or rollback lane is not a kanban lane of the company
  'ERR_INTEGRATION_TEST_FAILED', // POST /queueIntegration/testSession: Dialogflow refused the key or the project, or could not be reached
  'ERR_INTEGRATION_INVALID_QUEUE', // a prompt's queue is not a queue of the company
  'ERR_CONTACT_MERGE_SELF', // POST /contacts/{id}/merge with fromContactId = id: a contact cannot be merged with itself
  'ERR_CONTACT_MERGE_UNDONE', // the merge was already undone
  'ERR_CONTACT_MERGE_UNDO_CONFLICT', // undo impossible: a moved ticket or schedule is gone or moved elsewhere, or the merged number was taken again
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
