/**
 * Fault catalogue: each named fault breaks exactly one clause of the contract (ids of
 * specs/clauses.yaml), so that the conformance kit can prove it catches the violation.
 */

export interface FaultInfo {
  name: string;
  /** Clause id in specs/clauses.yaml. */
  clause: string;
  description: string;
}

/** Every fault the mock can inject (`as const`: the names form {@link FaultName}). */
export const faultCatalogue = [
  { name: 'v3-no-auth', clause: 'requests-v3.auth.key-required', description: 'GET /requests/v3 without x-api-key answers 200 instead of 401.' },
  { name: 'v3-limit-uncapped', clause: 'requests-v3.limit.max', description: 'limit above 50 is honoured (limit=200 returns 200 records).' },
  { name: 'v3-default-sort-asc', clause: 'requests-v3.sort.default', description: 'without sortDirection, createdAt/updatedAt sort ascending.' },
  { name: 'v3-amountusd-default-desc', clause: 'requests-v3.sort.amount-usd-default-asc', description: 'sortBy=amountUsd without sortDirection sorts descending.' },
  { name: 'v3-groups-anded', clause: 'requests-v3.filters.groups-or', description: 'filters groups are AND-ed instead of OR-ed.' },
  { name: 'v3-not-ignored', clause: 'requests-v3.filters.not', description: 'the not: prefix of a filters key is ignored (no negation).' },
  { name: 'v3-null-mix-accepted', clause: 'requests-v3.filters.null-mix-400', description: 'a filters array mixing null with values is accepted (null dropped) instead of 400.' },
  { name: 'v3-total-page-count', clause: 'requests-v3.total.exact', description: 'includeTotal=true returns the page size as total.' },
  { name: 'v3-total-always', clause: 'requests-v3.total.only-when-requested', description: 'total is returned even without includeTotal=true.' },
  { name: 'v3-page-overlap', clause: 'requests-v3.pagination.no-duplicates', description: 'the next page repeats the last record of the previous page.' },
  { name: 'v3-page-gap', clause: 'requests-v3.pagination.no-gaps', description: 'the next page skips one record.' },
  { name: 'v3-repeated-cursor', clause: 'requests-v3.pagination.no-repeated-cursor', description: 'a page reached by a continuation hands back that same continuation (the walk never ends).' },
  { name: 'v3-failreason-na', clause: 'requests-v3.record.fail-reason-null', description: 'records without a fail reason carry "N/A" instead of null.' },
  { name: 'v3-chainid-origin-only', clause: 'requests-v3.filter.chain-id-either', description: 'chainId matches the origin chain only.' },
  { name: 'v3-term-ignores-hashes', clause: 'requests-v3.filter.term', description: 'term does not match transaction hashes (deposit, fill, refund, failed).' },
  { name: 'v3-numeric-range-reads-amount', clause: 'requests-v3.filter.app-fees-range', description: 'appFeesAmountUsdMin/Max and fillTimeMin/Max compare the input amount in USD (amountUsd) instead of their own field: appFeesAmountUsdMin=1 returns requests without any app fee.' },
  { name: 'v3-amountusd-range-ignored', clause: 'requests-v3.filter.ranges', description: 'amountUsdMin/amountUsdMax are validated but not applied.' },
  { name: 'v3-symbol-case-sensitive', clause: 'requests-v3.filter.symbol-case-insensitive', description: 'currencyIn/OutSymbol match case-sensitively.' },
  { name: 'v3-authenticated-leak', clause: 'requests-v3.auth.authenticated-data-owner', description: "includeAuthenticatedData=true returns authenticated fields on other integrators' records." },
  { name: 'v3-status-filter-lenient', clause: 'requests-v3.filter.status-values', description: 'status=waiting/submitted is accepted and applied instead of 400.' },
  { name: 'v3-refund-fail-reason-filter-as-null-check', clause: 'requests-v3.filter.soundness', description: 'refundFailReason=<a reason> is read as the null-check: the listing holds the requests without a refund fail reason (and refundFailReason=N/A matches none).' },
  { name: 'v3-amount-number', clause: 'requests-v3.record.schema', description: 'amount of amount objects is a JSON number instead of a string.' },
  { name: 'v3-missing-requesttype', clause: 'requests-v3.record.schema', description: 'records lack the requestType field.' },
  { name: 'v3-top-level-ignored-with-filters', clause: 'requests-v3.filters.top-level-and', description: 'top-level filter parameters are ignored when filters is present.' },
  { name: 'v3-features-ignored-with-filters', clause: 'requests-v3.filters.top-level-and', description: 'the top-level features parameter is ignored when filters is present (other top-level parameters still apply).' },
  { name: 'v3-same-chain-destination', clause: 'requests-v3.record.same-chain-no-destination', description: 'same-chain swaps get a destination route side.' },
  { name: 'v2-no-deprecation-on-errors', clause: 'requests-v2.deprecation.on-errors', description: 'v2 error responses (4xx/5xx/429/410) lack the deprecation headers.' },
  { name: 'v2-deprecation-header-format', clause: 'requests-v2.deprecation.header', description: 'the Deprecation header is an HTTP-date instead of @<unix seconds>.' },
  { name: 'v2-link-missing-sunset-rel', clause: 'requests-v2.deprecation.link', description: 'the Link header lacks the rel="sunset" entry.' },
  { name: 'v2-no-deprecation-object', clause: 'requests-v2.deprecation.body-object', description: 'v2 200 bodies lack the deprecation object.' },
  { name: 'v2-429-retry-after', clause: 'requests-v2.rate-limit.no-retry-after', description: 'v2 429 responses carry a Retry-After header.' },
  { name: 'currencies-limit-uncapped', clause: 'currencies-v2.limit.max', description: 'limit above 100 is honoured (limit=150 returns more than 100 currencies).' },
  { name: 'currencies-default-limit-50', clause: 'currencies-v2.limit.default', description: 'without limit, 50 currencies are returned instead of 20.' },
  { name: 'currencies-verified-ignored', clause: 'currencies-v2.filter.verified', description: 'the verified body field is ignored.' },
  { name: 'intents-status-refund-as-failure', clause: 'intents-status.fallback-on-refund', description: 'refunded intents report failure instead of fallback.' },
  { name: 'v3-limit-ignored-at-boundary', clause: 'requests-v3.limit.max', description: 'limit=1 and limit=49 are ignored: the default page of 20 comes back (random sampling rarely draws them).' },
  { name: 'v3-cursor-changes-meaning', clause: 'requests-v3.pagination.continuation', description: 'a continuation read a second time skips one record: the same cursor gives another page.' },
  { name: 'v3-total-stale-after-first-read', clause: 'requests-v3.total.exact', description: 'the first includeTotal=true answer of a query is exact; every repeat of that query (any limit or continuation) reports total + 1.' },
  { name: 'v2-default-limit-50', clause: 'requests-v2.limit.default', description: 'GET /requests/v2 without limit answers pages of 50 records instead of the default 20.' },
  { name: 'v2-limit-ignored-at-boundary', clause: 'requests-v2.limit.max', description: 'GET /requests/v2 ignores limit=1 and limit=49: the default page of 20 comes back.' },
  { name: 'currencies-limit-ignored-at-boundary', clause: 'currencies-v2.limit.max', description: 'limit=1 and limit=99 are ignored: the default 20 currencies come back.' },
  { name: 'server-error-on-bad-input', clause: 'general.no-server-error-on-bad-input', description: 'a non-numeric limit on GET /requests/v3 answers 500 instead of 400.' },
  { name: 'ws-no-subscribe-ack', clause: 'events.ws.subscribe-ack', description: 'a websocket subscribe is not acknowledged (the subscription still works).' },
  { name: 'ws-wrong-event-name', clause: 'events.ws.event-name', description: 'status pushes name the event "equest.status.updated" instead of "request.status.updated".' },
  { name: 'ws-push-without-request-id', clause: 'events.ws.message-schema', description: 'status pushes lack data.requestId.' },
  { name: 'ws-status-disagrees', clause: 'events.ws.status-agrees', description: 'a status push carries the previous status, not the one /requests/v3 then shows.' },
  { name: 'ws-push-unsubscribed', clause: 'events.ws.only-subscribed', description: 'every status change is pushed to every socket, subscribed or not.' },
  { name: 'ws-push-after-unsubscribe', clause: 'events.ws.no-push-after-unsubscribe', description: 'unsubscribe is acknowledged but pushes for that request continue.' },
  { name: 'webhook-wrong-signature', clause: 'events.webhook-signature', description: 'webhook deliveries are signed with another secret than the API key.' },
  { name: 'webhook-signature-reserialised', clause: 'events.webhook.raw-body', description: 'the webhook body is spaced JSON and its signature covers JSON.stringify(JSON.parse(body)), not the raw body sent.' },
  { name: 'ws-push-foreign-referrer', clause: 'events.ws.no-foreign-authenticated-fields', description: "status pushes carry data.referrer (an authenticated field the message schema does not declare) of every request, to sockets of another key or of none." },
  { name: 'webhook-never-delivers', clause: 'events.webhook.delivers-changes', description: 'no status change is ever posted to the webhook URL of its key (every delivery dropped), while REST and the stream show the changes.' },
  { name: 'webhook-stops-after-first-drain', clause: 'events.webhook.delivers-changes', description: 'once the delivery queue of a webhook URL has emptied the first time it stays marked as running: later status changes are queued and never posted (the receiver hears of the first round of changes only).' },
  { name: 'webhook-no-retry', clause: 'events.webhook.retry', description: 'a refused webhook delivery (non-2xx or timeout) is not retried.' },
  { name: 'webhook-unanswered-delivered', clause: 'events.webhook.retry', description: 'a webhook delivery that fails at the transport (connection refused or reset, no answer) counts as delivered and is never retried; only non-2xx answers are.' },
  { name: 'v3-total-capped', clause: 'requests-v3.total.exact', description: "total is capped at 10,000 (a search index's tracked-hits limit): only a larger result set shows it." },
  { name: 'v3-total-estimated', clause: 'requests-v3.total.exact', description: 'above 50,000 matches total is an estimate (within ±1.5% of the count, fixed per query): only a larger result set shows it.' },
  { name: 'v3-block-bounds-or', clause: 'requests-v3.filter.range-nested', description: 'startBlock and endBlock together are OR-ed: a record matches when one of its blocks is above the minimum or one below the maximum, so the pair selects more than either bound alone.' },
  { name: 'v3-count-cache-ignores-status', clause: 'requests-v3.total.exact', description: 'when the query without its status filter matches more than 20,000 requests, total comes from a count cache keyed without status (the page still applies it): only a large data set shows it.' },
  { name: 'v3-pages-empty', clause: 'requests-v3.total.exact', description: 'every page of GET /requests/v3 lists no request while it still hands back the continuation and the total: a walk reaches the end having listed none of the requests total counts.' },
  { name: 'v3-unwindowed-empty-page', clause: 'requests-v3.total.exact', description: 'without startTimestamp or endTimestamp the first page lists no request (and hands back no continuation) while total says there are some: {"requests":[],"total":N}.' },
  { name: 'v3-unwindowed-short-pages', clause: 'requests-v3.pagination.no-gaps', description: 'without a time window, on the default sort, every full page drops its last record while its continuation goes on after it: pages are short and the walk misses records.' },
  { name: 'v3-unwindowed-asc-skips-earliest', clause: 'requests-v3.sort.explicit-direction', description: 'without a time window, the first page of sortDirection=asc skips the two earliest records.' },
  { name: 'v3-unwindowed-total-miscount', clause: 'requests-v3.total.exact', description: 'without a time window, total is one less than the count (a window covering every request counts one more than the whole).' },
  { name: 'v3-authenticated-withheld', clause: 'requests-v3.auth.authenticated-data-owner', description: 'includeAuthenticatedData=true never returns the authenticated fields, not even to the owning key.' },
  { name: 'intents-status-201', clause: 'general.success-200', description: 'GET /intents/status answers its status records with 201 instead of 200.' },
  { name: 'v2-always-throttled', clause: 'requests-v2.timeline', description: 'before its sunset every v2 request is refused with 429 (the throttle leaves a key no quota): v2 no longer works.' },
  { name: 'v2-throttle-430', clause: 'requests-v2.rate-limit.body', description: 'over the v2 rate limit the answer is 430 (with the 429 body) instead of 429.' },
  { name: 'v2-sortdirection-required', clause: 'requests-v2.timeline', description: 'GET /requests/v2 refuses with 400 any request without sortDirection, while v2 is meant to keep working until its sunset.' },
  { name: 'v3-one-record-repeated', clause: 'requests-v3.pagination.no-duplicates', description: 'every position of the data set reads the same request (a default order built from zeros): pages list one id over and over, time windows find nothing, while total counts every position.' },
  { name: 'v3-cursor-shape-500', clause: 'general.no-server-error-on-bad-input', description: 'a continuation that is valid base64url of JSON other than a cursor object (null) throws in the server: 500 instead of 400.' },
  { name: 'v3-filters-unknown-key-500', clause: 'general.no-server-error-on-bad-input', description: 'a filters group with an unknown key (or not: of one) throws in the server: 500 instead of 400.' },
  { name: 'v3-filter-ignored-on-other-sorts', clause: 'requests-v3.filter.soundness', description: 'sorted by updatedAt or amountUsd, a filter with few matches also takes rows outside the time window and other range or feature conditions (and rows on the wrong side of the cursor).' },
  { name: 'v3-block-end-ignored', clause: 'requests-v3.filter.ranges', description: 'endBlock is ignored: startBlock=a&endBlock=b answers as startBlock=a, listing requests whose blocks all lie above b.' },
  { name: 'v3-block-start-ignored', clause: 'requests-v3.filter.ranges', description: 'startBlock is ignored: startBlock=a&endBlock=b answers as endBlock=b, listing requests whose blocks all lie below a.' },
  { name: 'v3-block-range-empty', clause: 'requests-v3.filter.ranges', description: 'startBlock/endBlock select no record: every block-ranged listing is empty.' },
  { name: 'ws-no-upgrade', clause: 'events.ws.ready', description: 'no websocket upgrade is handled: the Intent Status stream cannot be opened while the REST operations answer.' },
  { name: 'ws-refuses-subscribe', clause: 'events.ws.subscribe-ack', description: 'every subscribe is refused with an "Unknown message type" error: no subscription, no push, while REST shows the followed requests changing.' },
  { name: 'currencies-include-all-chains-any', clause: 'currencies-v2.filter.include-all-chains', description: 'with includeAllChains=true and an address (or tokens), every currency passing the other filters comes back instead of the located currency on its other chains.' },
  { name: 'v3-status-index-stale-after-change', clause: 'requests-v3.filter.after-change', description: 'a lifecycle step that changes a request\'s status leaves it filed under its old status: status=<new status> misses requests that moved during the run (while the record reads the new status).' },
  { name: 'v3-status-posting-drops-neighbour', clause: 'requests-v3.filter.after-change', description: 'filing a request under the status it moved to drops the next older request of that status from the status listing: status=<that status> misses a request whose record reads it, in the window the unfiltered listing shows it.' },
  { name: 'v3-new-tx-hash-unindexed', clause: 'requests-v3.filter.after-change', description: 'a fill or refund transaction hash a request gains while the server runs is not indexed: fillTxHash/refundTxHash=<that hash> does not find it.' },
  { name: 'v3-fail-reason-index-stale-after-change', clause: 'requests-v3.filter.after-change', description: 'a lifecycle step that gives a request a fail reason (failReason or refundFailReason) leaves it filed under "none" as well: the null-check filters=[{"failReason":null}] still lists a request that failed during the run (while the record reads its reason).' },
  { name: 'v3-updated-order-stale', clause: 'requests-v3.sort.updated-at-after-change', description: 'once built, the updatedAt order is never corrected after a status change moves a request\'s updatedAt: sortBy=updatedAt lists changed requests at their old place.' },
  { name: 'v3-updated-at-not-moved', clause: 'requests-v3.record.updated-at-after-change', description: 'a lifecycle step sets the request\'s updatedAt to its createdAt instead of the time of the change: a request that changed during the run reads an updatedAt earlier than before the change.' },
  { name: 'v3-asc-filtered-misses-newest', clause: 'requests-v3.sort.explicit-direction', description: 'an ascending createdAt walk of a filtered listing stops one short of the newest request of the data set: that request, when it matches, never comes.' },
  { name: 'v3-not-ignored-after-first-key', clause: 'requests-v3.filters.not', description: 'a not: key that follows another key in the same filters group is ignored (only a group\'s first key is negated): {"a":x,"not:b":y} answers as {"a":x}.' },
  { name: 'v3-asc-filtered-block-edge', clause: 'requests-v3.filter.soundness', description: 'the ascending createdAt walk of a listing with an equality filter, meeting a block of 32 positions with no match, takes the last request of the block before it whether or not it matches: records that fail the filter are listed.' },
  { name: 'currencies-lookup-empty', clause: 'currencies-v2.filter.address', description: 'the location test is false for every currency: every POST /currencies/v2, the unfiltered lookup included, answers [] (nothing can be found by its address or token).' },
  { name: 'currencies-tokens-upper-cased', clause: 'currencies-v2.filter.tokens', description: 'token addresses are upper-cased before the lower-case comparison: a token `<chainId>:0x…` never matches, the answer is empty.' },
  { name: 'v2-referrer-dropped', clause: 'requests-v2.record.referrer', description: 'v2 records never carry the root referrer, not even for the key that owns the request (v3 shows it in data.referrer).' },
  { name: 'ws-crashes-on-null-filters', clause: 'events.ws.errors', description: 'a subscribe whose filters is null is not answered with an error message: the stream drops the connection (as a handler that throws on null.id).' },
  { name: 'v3-asc-filter-ignored', clause: 'requests-v3.filter.soundness', description: 'an ascending createdAt walk of a filtered listing steps through every row of the window instead of the matching ones: the equality filters are ignored (total still counts the matches).' },
  { name: 'ws-never-pushes', clause: 'events.ws.pushes-changes', description: 'subscriptions are acknowledged but no status change is ever pushed.' },
  { name: 'dies-on-double-slash', clause: 'general.stays-up', description: 'a request for the path // takes the whole server down unanswered: every later request is refused (a process that exited).' },
  { name: 'ws-dies-on-null-message', clause: 'general.stays-up', description: 'the websocket message null takes the whole server down: the socket drops and every later request, HTTP or websocket, is refused.' },
  { name: 'ws-dies-on-unknown-unsubscribe', clause: 'general.stays-up', description: 'a websocket unsubscribe of a request id the socket never subscribed to takes the whole server down: every later request is refused.' },
  { name: 'ws-push-without-status-or-id', clause: 'events.ws.delivers-status', description: 'status pushes carry neither data.requestId nor data.status: subscriptions are acknowledged and something is pushed on every change, but the stream never says which request has which status.' },
  { name: 'v3-unwindowed-equality-total-off', clause: 'requests-v3.total.exact', description: 'without a time window, a query of equality filters only (no range, no features) reports a total 5% above its count (at least 1): requestType=Bridge&originChainId=… counts requests its walk never lists.' },
  { name: 'v3-unwindowed-features-total-ignored', clause: 'requests-v3.total.exact', description: 'without a time window, total ignores features: features=<f> counts every request its other filters match, with or without that feature.' },
  { name: 'v3-unwindowed-total-inflated', clause: 'requests-v3.total.exact', description: 'the listing without any filter and without a time window reports a total 7 above its count (a window holding every request counts fewer than the whole).' },
  { name: 'v3-few-matches-empty-on-other-sorts', clause: 'requests-v3.filter.completeness', description: 'sorted by updatedAt or amountUsd (either direction), a filter with few matches lists nothing: its first page is empty with no continuation while total counts the matches (the few-matches path compares ranks with the cursor the wrong way round).' },
  { name: 'v2-no-limit-500', clause: 'requests-v2.timeline', description: 'GET /requests/v2 without limit (a plain call: the key only, no window) answers 500; every request with a limit is served.' },
  { name: 'v2-throttle-per-address', clause: 'auth.rate-limits-per-key', description: 'the v2 quota is kept per client address: two keys on one address share it, so once one key is throttled the other is refused with 429 too.' },
  { name: 'v3-empty-group-stale', clause: 'requests-v3.filters.groups-or', description: 'an empty group in filters ([{},{…}]) matches what the previous request with filters groups matched, not every request: the same query answers another total after another query.' },
  { name: 'v3-later-group-last-field', clause: 'requests-v3.filters.groups-and-within', description: 'a filters group after the first keeps only its last field when that field has few matches: [{…},{"user":A,"recipient":B}] matches every request of recipient B (the second group shares its working bitset with its fields\' own), while a first or only group is still an AND.' },
  { name: 'v3-asc-unwindowed-end-500', clause: 'requests-v3.filter.soundness', description: 'the ascending createdAt walk of an equality filter without a time window answers 500 on the page where it passes the newest matching request (it reads the position before the newest request): recipient=<a wallet>&sortDirection=asc fails when the wallet\'s requests fit one page.' },
  { name: 'v3-arrivals-stale-cache', clause: 'requests-v3.pagination.no-gaps', description: 'new requests (arrivals) move every record one position down, but the serialized records cached by position stay: after requests arrive, pages show the records that were at those positions before (the newest page lists no new request, a record twice across pages); found by id, the new requests exist.' },
  { name: 'v3-updated-window-empty', clause: 'requests-v3.sort.updated-at-default-desc', description: 'under sortBy=updatedAt a time window (startTimestamp, endTimestamp) selects no request: the listing is empty (total 0) where the same window sorted by createdAt lists hundreds, settled requests created and updated inside it among them.' },
  { name: 'v3-first-cursor-refused', clause: 'requests-v3.pagination.no-gaps', description: 'the cursor at the first position of the order is refused with 400 "Invalid continuation": GET /requests/v3?limit=1 without a window hands back a continuation that the next page refuses (a cursor read as a position, with position 0 taken for none); every other cursor is followed.' },
  { name: 'v3-no-groups-stale', clause: 'requests-v3.filters.groups-or', description: 'filters=[] (a JSON array with no group) answers from the working set the previous filters query left: its total is what that query\'s groups matched (0 on a fresh server), so the same query counts differently after another.' },
  { name: 'v3-empty-group-matches-none', clause: 'requests-v3.filters.groups-or', description: 'an empty group in filters matches no request instead of every one (an AND of no fields): [{},{…}] counts only the other group\'s requests, the same every time.' },
  { name: 'v3-not-tail-word-shifted', clause: 'requests-v3.filters.not', description: 'a negated group\'s set is masked at the wrong word: the positions past the last request count as matches (its total without a window is up to 31 too high) and up to 31 requests among the 64 oldest never match a not: key.' },
  { name: 'currencies-default-list-empty', clause: 'currencies-v2.filter.default-list', description: 'POST /currencies/v2 with defaultList: true answers [] (the default list selects nothing), while every other lookup answers.' },
  { name: 'currencies-address-default-only', clause: 'currencies-v2.filter.address', description: 'a lookup by address or token searches the default list only: a currency outside it is never found by its own address.' },
  { name: 'v3-not-drops-oldest', clause: 'requests-v3.filters.not', description: 'a filters group with a not: key never matches the 24 oldest requests of the data set: they are missing from every negated listing (walks, which start from the newest, never reach them).' },
  { name: 'v3-authenticated-withheld-first-key', clause: 'requests-v3.auth.authenticated-data-owner', description: 'the requests created with the first key (demo-key) never carry data.referrer, data.platformFee or data.apiKeyName under includeAuthenticatedData=true, not even for their owner; the other keys\' requests still do.' },
  { name: 'v3-changed-rows-pass-ranges', clause: 'requests-v3.filter.after-change', description: 'a request changed by a lifecycle step while the server runs passes every fillTimeMin/Max and appFeesAmountUsdMin/Max range, disjoint ones included (its range columns are no longer read).' },
  { name: 'v3-new-tx-hash-not-in-term', clause: 'requests-v3.filter.term', description: 'term does not find a request by a fill or refund transaction hash it gained while the server runs (fillTxHash/refundTxHash still do).' },
  { name: 'v3-many-matches-empty-on-other-sorts', clause: 'requests-v3.total.exact', description: 'sorted by updatedAt or amountUsd, a filter with many matches (a frequent status: the walk of the sort order, not the few-matches path) lists nothing: the first page is empty with no continuation while total counts the matches.' },
  { name: 'v3-many-matches-neighbour-on-other-sorts', clause: 'requests-v3.filter.soundness', description: "sorted by updatedAt or amountUsd, a filter with many matches tests each request's neighbour in createdAt order instead of the request: pages list requests that do not match (and leave out some that do)." },
  { name: 'v3-equality-total-high', clause: 'requests-v3.total.exact', description: 'the total of a query of equality filters (top level or filters groups, not: included; no range, no features) counts one request too many for each block of 32 requests in createdAt order whose second request matches (about 3% too many); the listing and the unfiltered total are exact.' },
  { name: 'v3-empty-group-matches-nothing', clause: 'requests-v3.filters.groups-or', description: 'an empty group in filters ([{}]) matches no request instead of every request: filters=[{}] counts 0 and [{},{…}] only what the other groups match.' },
  { name: 'v3-few-matches-skips-next', clause: 'requests-v3.filter.completeness', description: 'sorted by updatedAt or amountUsd, a filter with few matches passes over a match that comes right after another in createdAt order (the next request): filters=[{"id":[A,B]}] with A and B created one after the other lists one of them beside total 2.' },
  { name: 'v3-reverse-walk-loses-first', clause: 'requests-v3.filter.completeness', description: 'walked against the direction of its order (sortBy=amountUsd&sortDirection=desc, sortBy=updatedAt&sortDirection=asc) without an equality filter of few matches, the listing never reaches the first request of that order: the smallest amount in USD (or the latest update) is missing from the last page while total counts it.' },
  { name: 'v3-value-list-loses-oldest', clause: 'requests-v3.filter.completeness', description: "the indexes the server builds at start-up from its catalogue columns (status, requestType, chains, currencies; one list of requests per value) lose, for each value the newest request holds, that value's oldest request: status=<the newest request's status> never lists the oldest request of that status, nor counts it; the indexes are right again once requests arrive (they are then rebuilt)." },
  { name: 'v3-moved-status-also-empty', clause: 'requests-v3.filters.null-check', description: 'a request whose status changes while the server runs is filed under "empty" in the status index as well as under its new status: filters=[{"status":null}] lists it and filters=[{"not:status":null}] leaves it out; status=<its status> still lists it.' },
  { name: 'v3-newest-move-unlisted', clause: 'requests-v3.filter.completeness', description: 'a request that moves into a status it is newer than every request of (the newest request of the data set, moved one step) is filed under no status: status=<its new status> never lists it; a request moving into a status that holds newer ones is filed as it should be.' },
  { name: 'v3-one-id-unfindable', clause: 'requests-v3.filter.completeness', description: 'the id index has lost one request, the one in the middle of the data set (newest first): it is listed, but id=<its id> and filters=[{"id":[…]}] never find it.' },
  { name: 'v3-lone-arrival-dropped', clause: 'requests-v3.pagination.no-gaps', description: 'a request that arrives on its own (one at a time, as the live service takes them) is thrown away: never listed, never counted, not found by its id; requests arriving in a batch are kept.' },
  { name: 'v3-few-matches-loses-oldest', clause: 'requests-v3.filter.completeness', description: 'sorted by updatedAt or amountUsd, a filter with few matches never lists the oldest request (a scan that stops one position short of the end of the data set): the oldest request asked by its id under sortBy=updatedAt answers no record and total 0.' },
  { name: 'v3-owner-read-stale-after-change', clause: 'requests-v3.auth.authenticated-data-owner', description: "the owner's includeAuthenticatedData=true read of a request that changed while the server runs shows the record as it was when the owner last read it (its cached authenticated view is not dropped on the change); the plain read shows the change." },
  { name: 'v2-deprecation-date-off-by-one', clause: 'requests-v2.timeline', description: 'the Deprecation header and the body\'s deprecatedAt name Jul 23, 2026, a day after the deprecation date of the timeline (Jul 22, 2026).' },
  { name: 'v2-throttled-from-a-month-early', clause: 'requests-v2.timeline', description: "v2's dated throttle starts on Aug 1, 2026, a month before the timeline's Sep 1, 2026, and the body's throttledFrom says so." },
  { name: 'v2-throttle-rises-in-october', clause: 'requests-v2.rate-limit.stepped-down', description: "v2's dated limit rises from September to October instead of being reduced: September 2026 gets the third month's 150 requests a minute, October the first month's 600 (November 150)." },
  { name: 'v2-throttle-not-reduced-in-november', clause: 'requests-v2.rate-limit.stepped-down', description: "v2's dated limit is not reduced in November 2026: it keeps October's 300 requests a minute until the sunset (September 600)." },
] as const satisfies readonly FaultInfo[];

/** A day and the calendar month of the v2 date faults (ms). */
const DAY_MS = 86_400_000;

/**
 * The v2 timeline (epoch ms) as the v2 date faults move it: v2-deprecation-date-off-by-one (the
 * deprecation a day late), v2-throttled-from-a-month-early (the throttle from the month before).
 */
export function v2TimelineUnder<T extends { deprecatedAt: number; throttledFrom: number; sunsetAt: number }>(faults: Faults | undefined, t: T): { deprecatedAt: number; throttledFrom: number; sunsetAt: number } {
  const out = { deprecatedAt: t.deprecatedAt, throttledFrom: t.throttledFrom, sunsetAt: t.sunsetAt };
  if (faults?.has('v2-deprecation-date-off-by-one')) out.deprecatedAt += DAY_MS;
  if (faults?.has('v2-throttled-from-a-month-early')) {
    const d = new Date(out.throttledFrom);
    out.throttledFrom = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, d.getUTCDate());
  }
  return out;
}

/**
 * The month of the v2 throttle (0 its first calendar month, September 2026) whose step of the dated
 * limit applies, as the v2 throttle faults move it: v2-throttle-rises-in-october (September takes
 * the third step, October the first: the limit rises), v2-throttle-not-reduced-in-november (the
 * third month on keeps the second step).
 */
export function v2ThrottleMonthUnder(faults: Faults | undefined, month: number): number {
  if (faults?.has('v2-throttle-rises-in-october') && month < 2) return month === 0 ? 2 : 0;
  if (faults?.has('v2-throttle-not-reduced-in-november') && month >= 2) return 1;
  return month;
}

/** Fault v3-many-matches-neighbour-on-other-sorts: the position whose membership is read instead of `p` (its neighbour in the same pair). */
export const neighbourPosition = (p: number): number => p ^ 1;
/** Fault v3-few-matches-loses-oldest: whether position `p` is the last of a data set of `size` (the oldest request). */
export const lastPosition = (p: number, size: number): boolean => p === size - 1;
/** Fault v3-reverse-walk-loses-first: whether `rk` is the first rank of a sort order (the one its reversed walk ends on). */
export const isFirstRank = (rk: number): boolean => rk === 0;
/** Fault v3-lone-arrival-dropped: whether a batch of arrivals is a single request. */
export const isLone = (n: number): boolean => n === 1;
/** Fault v3-one-id-unfindable: whether position `p` is the middle of a data set of `size` requests. */
export const isMiddle = (p: number, size: number): boolean => p === size >>> 1;

/** Fault v3-newest-move-unlisted: whether position `p` comes before every position of an ascending posting list that holds some. */
export function newerThanAll(list: number | readonly number[] | Int32Array | undefined, p: number): boolean {
  if (list === undefined) return false;
  if (typeof list === 'number') return p < list;
  return list.length > 0 && p < list[0]!;
}

/**
 * Fault v3-value-list-loses-oldest: the list of the value that the newest request (position 0)
 * holds loses its last position (that value's oldest request).
 */
export function dropOldestOfNewest<K>(index: Map<K, number | number[] | Int32Array>): void {
  for (const [key, list] of index) {
    if (typeof list === 'number' || list[0] !== 0 || list.length < 2) continue;
    index.set(key, list.slice(0, -1));
  }
}

/** Fault v3-equality-total-high: the extra requests counted, one per word of the bitset whose second bit is set (none without a bitset). */
export function extraCounted(words: ArrayLike<number> | null): number {
  let extra = 0;
  for (let i = 0; words !== null && i < words.length; i++) if (words[i]! & 2) extra++;
  return extra;
}

/** The name of a fault of the catalogue: a misspelt fault name does not compile. */
export type FaultName = (typeof faultCatalogue)[number]['name'];

/** Whether `name` is the name of a fault of the catalogue. */
export function isFaultName(name: string): name is FaultName {
  return FAULT_NAMES.has(name);
}
const FAULT_NAMES: ReadonlySet<string> = new Set(faultCatalogue.map((f) => f.name));

/** Thresholds of the scale faults of `total` (only a large data set shows them). */
export const SCALE_FAULTS = { cap: 10_000, estimatedAbove: 50_000, cacheAbove: 20_000 } as const;

/** What the scale faults read of a query: its top-level conditions and its fingerprint (query/query.ts). */
export interface CountedQuery {
  top: ReadonlyArray<{ field: string }>;
  fingerprint: string;
}

/**
 * The `total` a query reports under the scale faults (v3-total-capped, v3-total-estimated,
 * v3-count-cache-ignores-status), from its exact count; `recountWithout(field)` counts the same query
 * without that top-level filter. Undefined when none of them is active (the exact count stands).
 */
export function scaleTotal(faults: Faults): ((exact: number, q: CountedQuery, recountWithout: (field: string) => number) => number) | undefined {
  const cap = faults.has('v3-total-capped');
  const estimated = faults.has('v3-total-estimated');
  const cache = faults.has('v3-count-cache-ignores-status');
  if (!cap && !estimated && !cache) return undefined;
  return (exact, q, recountWithout) => {
    let total = exact;
    if (cache && q.top.some((c) => c.field === 'status')) {
      const cached = recountWithout('status');
      if (cached > SCALE_FAULTS.cacheAbove) total = cached;
    }
    if (estimated && total > SCALE_FAULTS.estimatedAbove) total = Math.round(total * (1 + estimateError(q.fingerprint)));
    if (cap) total = Math.min(total, SCALE_FAULTS.cap);
    return total;
  };
}

/** A relative error in ±[0.1%, 1.5%], fixed per query fingerprint (FNV-1a), as a cardinality estimate's. */
function estimateError(fingerprint: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < fingerprint.length; i++) h = Math.imul(h ^ fingerprint.charCodeAt(i), 0x01000193) >>> 0;
  const magnitude = 0.001 + ((h % 1000) / 1000) * 0.014;
  return h & 0x10000 ? magnitude : -magnitude;
}

/** The set of active faults, checked with `has(name)` (a {@link FaultName}: typos do not compile). */
export class Faults {
  private readonly active: ReadonlySet<FaultName>;
  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !isFaultName(n));
    if (unknown.length) {
      throw new Error(
        `unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; valid faults: ${faultCatalogue.map((f) => f.name).join(', ')}`,
      );
    }
    this.active = new Set(names.filter(isFaultName));
  }
  has(name: FaultName): boolean {
    return this.active.has(name);
  }
  list(): FaultName[] {
    return [...this.active];
  }
}
