/**
 * generated, do not edit.
 *
 * Types of every path, operation, component and webhook of the contract.
 * Source: @crosschain/specs generated/openapi.json (OpenAPI 3.1.0, sha256 ac8148eb2c10bfe1d0fe3800cde9b4e3691310bb437ea3749070d12c5c9be9e8)
 * Generator: openapi-typescript 7.13.0 via packages/types/scripts/generate.mjs
 * Regenerate with `pnpm generate` (root) or `pnpm --filter @crosschain/types generate`.
 */

export interface paths {
    "/currencies/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the curated currency list
         * @description Returns currency metadata from a curated list (API document, Endpoints > POST /currencies/v2). The `x-api-key` header is optional; a key gives higher rate limits (Authentication rule 2).
         */
        post: operations["postCurrenciesV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the status of an intent (deprecated)
         * @deprecated
         * @description Returns the current status of an intent (API document, Endpoints > GET /intents/status). Deprecated in favour of a newer status operation (GET /intents/status/v3, named only). The `x-api-key` header is optional (Authentication rule 2). `fallback` is returned when the intent was refunded (API document, States and transitions).
         */
        get: operations["getIntentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/status/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the status of an intent (v2)
         * @description A newer status operation the API document names without path or payload; path, `requestId` and the response from the live service's published OpenAPI (live-service-facts §1.1), SHOULD. The live service answers `{"status":"unknown"}` for an id whose deposit has not landed (divergence.intents-status-unknown). No error response is declared there.
         */
        get: operations["getIntentStatusV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List requests (v3)
         * @description Lists requests with filtering, sorting and pagination. Authentication with `x-api-key` is required and must carry an active key (API document, Authentication rule 3). All parameters are optional and combine with AND unless stated (API document, Endpoints > GET /requests/v3). Types and formats not stated by the document come from the live service (live-service-facts §1.4), SHOULD.
         */
        get: operations["getRequestsV3"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List requests (v2, deprecated)
         * @deprecated
         * @description Deprecated listing of requests, still served during the deprecation window (API document, Endpoints > GET /requests/v2 and Versioning > Timeline): deprecated Jul 22, 2026; rate limit reduced each month from Sep 1, 2026 (over-limit requests get 429); retired Nov 24, 2026. Every response (2xx, 4xx, 5xx) carries the `Deprecation`, `Sunset`, `Link` and `Access-Control-Expose-Headers` headers (Errors rule 1). Query parameters are not shown in the document and follow the live service (live-service-facts §2.4), SHOULD. Whether the `x-api-key` header is required is not shown (Authentication rule 6); the live service makes it optional.
         */
        get: operations["getRequestsV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quote/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a quote
         * @description Named only in the API document ("get quote"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postQuoteV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a quote (earlier version)
         * @description Named only in the API document ("an earlier quote operation"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/execute/permits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a permit
         * @description Named only in the API document ("submit permit"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postExecutePermits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/status/v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the status of an intent (v3)
         * @description The newer status operation the API document names ("get status (newer version of the status operation)") without path or payload; path, `requestId` and the response from the live service's published OpenAPI (live-service-facts §1.1, §5), SHOULD. The live service answers `{"status":"unknown"}` for an id whose deposit has not landed (divergence.intents-status-unknown). No error response is declared there.
         */
        get: operations["getIntentStatusV3"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get chains
         * @description Named only in the API document ("get chains"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chains/liquidity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get solver liquidity balances per currency on a chain
         * @description Named only in the API document ("get chains liquidity (solver liquidity balances per currency on a chain)"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getChainsLiquidity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/currencies/token/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a token price
         * @description Named only in the API document ("get token price"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getCurrencyTokenPrice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index transactions
         * @description Named only in the API document ("transactions index"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postTransactionsIndex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions/single": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index a single transaction
         * @description Named only in the API document ("transactions single"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postTransactionsSingle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions/deposit-address/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reindex a deposit address
         * @description Named only in the API document ("deposit address reindex"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postTransactionsDepositAddressReindex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app-fees/{wallet}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wallet address named by the live path (live-service-facts §5); format not shown. */
                wallet: string;
            };
            cookie?: never;
        };
        /**
         * Get app fee balances
         * @description Named only in the API document ("get app fee balances"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getAppFeeBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app-fees/{wallet}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wallet address named by the live path (live-service-facts §5); format not shown. */
                wallet: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim app fees
         * @description Named only in the API document ("claim app fees"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postAppFeesClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get API usage of the authenticated key
         * @description Named only in the API document ("get usage (API call counts for the authenticated key grouped by endpoint, status code and error code)"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getMetricsUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fast-fill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fast fill
         * @description Named only in the API document ("fast fill"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postFastFill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/swap-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get swap sources
         * @description Named only in the API document ("get swap sources"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getSwapSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute gasless transactions
         * @description Named only in the API document ("execute gasless transactions"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postExecute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a price (lightweight quote without calldata or steps)
         * @description Named only in the API document ("get price (lightweight quote without calldata or steps)"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get config (solver capacity and user data)
         * @description Named only in the API document ("get config (solver capacity and user data)"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        get: operations["getConfigV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/currencies/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search currencies (earlier version)
         * @description Named only in the API document ("an earlier currencies operation"). Method and path from the live service (live-service-facts §5), SHOULD; parameters and payloads are not shown, so the schemas are open and nothing about them is checked. Whether an API key is needed is not shown either.
         */
        post: operations["postCurrenciesV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "request.status.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request status update pushed to the integrator's URL
         * @description Webhooks exist for low-latency notification (API document, Events rule 2). Registration, payload, signing and delivery are not shown in the document; everything here follows the live service (live-service-facts §1.9), SHOULD. The same payload schema is used by the AsyncAPI document (specs/asyncapi/asyncapi.yaml). The service authenticates itself with the `X-Signature-Timestamp` and `X-Signature-SHA256` headers (HMAC-SHA256 of `<timestamp>.<body>` keyed with the integrator's API key; schema `WebhookSignatureHeaders`), which no OpenAPI security scheme models, hence the empty security requirement.
         */
        post: operations["webhookRequestStatusUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Amount object of v3 request records. Source: API document, Resources > Amount object. `amountUsdCurrent` and `minimumAmount` are "present where relevant", so optional. */
        Amount: {
            currency: components["schemas"]["RecordCurrency"];
            amount: components["schemas"]["IntegerString"];
            amountFormatted: components["schemas"]["DecimalString"];
            amountUsd: components["schemas"]["DecimalString"];
            amountUsdCurrent?: components["schemas"]["DecimalString"];
            /** @description Present where relevant (API document, Resources > Amount object). */
            minimumAmount?: string;
        };
        /** @description An item of `data.appFees.actual`: the quoted item plus `amountUsd` (API document, Resources > Request record (v3)). */
        AppFeeActual: {
            recipient: string;
            bps: string;
            amount: components["schemas"]["IntegerString"];
            amountFormatted: components["schemas"]["DecimalString"];
            amountUsd: components["schemas"]["DecimalString"];
        };
        /** @description An item of `data.appFees.quoted` (API document, Resources > Request record (v3)). */
        AppFeeQuoted: {
            recipient: string;
            /** @description Fee in basis points, as a string. */
            bps: string;
            amount: components["schemas"]["IntegerString"];
            amountFormatted: components["schemas"]["DecimalString"];
        };
        /** @description `data.appFees` (API document, Resources > Request record (v3)). */
        AppFees: {
            quoted: components["schemas"]["AppFeeQuoted"][];
            actual: components["schemas"]["AppFeeActual"][];
            currency: components["schemas"]["RecordCurrency"];
        };
        /** @description Body of POST /currencies/v2; every field is optional. Source: API document, Endpoints > POST /currencies/v2 (body table) and Limits. */
        CurrenciesV2Body: {
            /** @description Return default currencies. */
            defaultList?: boolean;
            /** @description Chains to search. */
            chainIds?: number[];
            /** @description Search term. */
            term?: string;
            /** @description Currency contract address. */
            address?: string;
            /** @description Identifier of a currency. */
            currencyId?: string;
            /** @description Each item formatted `<chainId>:<address>` (API document, POST /currencies/v2). */
            tokens?: string[];
            /** @description Filter verified currencies. */
            verified?: boolean;
            /**
             * @description Maximum number of currencies returned: default 20, maximum 100 (API document, POST /currencies/v2 and Limits). No minimum is stated.
             * @default 20
             */
            limit?: number;
            /** @description Include all chains of a currency when filtering by chain and address. */
            includeAllChains?: boolean;
            /** @description Use third-party search when the currency is not indexed. */
            useExternalSearch?: boolean;
            /** @description Only currencies supported with deposit-address bridging. */
            depositAddressOnly?: boolean;
        };
        /** @description Response 200 of POST /currencies/v2, a JSON array of currency objects (API document). */
        CurrenciesV2Response: components["schemas"]["Currency"][];
        /** @description A currency of the curated list, as returned by POST /currencies/v2. Every field of the table is required. Source: API document, Resources > Currency. (The live service marks every field optional in its own schema: live-service-facts §2.1.) */
        Currency: {
            /** @description Chain of the currency. */
            chainId: number;
            /** @description Contract address of the currency. */
            address: string;
            symbol: string;
            name: string;
            decimals: number;
            vmType: components["schemas"]["VmType"];
            metadata: components["schemas"]["CurrencyMetadata"];
        };
        /** @description Currency metadata. Source: API document, Resources > Currency (`metadata`). */
        CurrencyMetadata: {
            logoURI: string;
            verified: boolean;
            isNative: boolean;
        };
        /** @description A decimal amount as a string (for example `4.997980`, `-1.999380`). Source: API document, Resources > Amount object (`amountFormatted` "decimal amount", `amountUsd` "decimal USD value"). */
        DecimalString: string;
        /** @description Deposit address of a deposit-address request (API document, Resources > Request record (v3), `depositAddress`). The field itself is null for other requests. The live service makes `depositor` and `depositTxHash` nullable (live-service-facts §2.3): a known divergence. */
        DepositAddress: {
            address: string;
            /** @enum {string} */
            type: "strict" | "open";
            depositor: string;
            depositTxHash: string;
            /** @description Origin-chain address that can recover funds if the recipient wallet is later blocked; null when not set. */
            recoveryAddress: string | null;
        };
        /** @description The `deprecation` object of a v2 200 body (API document, Versioning > Deprecation signals on every v2 response). All six fields are required. */
        DeprecationNotice: {
            message: string;
            deprecatedAt: components["schemas"]["Timestamp"];
            throttledFrom: components["schemas"]["Timestamp"];
            sunsetAt: components["schemas"]["Timestamp"];
            /**
             * Format: uri
             * @description Address of GET /requests/v3.
             */
            successor: string;
            /**
             * Format: uri
             * @description Address of the migration guide.
             */
            migrationGuide: string;
        };
        /** @description Error body. The API document does not show the error bodies of these operations (Errors, rules 2 and 3: "not shown"), so this whole schema is a SHOULD: it is the live service's usual error shape `{message, errorCode?}` (live-service-facts §1.5). A body that does not match it is a warning, never a failure. Extra properties are allowed. */
        ErrorBody: {
            /** @description Human-readable reason. Source: live service (live-service-facts §1.5), SHOULD. */
            message?: string;
            /** @description Machine-readable code, e.g. `UNAUTHORIZED`. Source: live service (live-service-facts §1.5), SHOULD. */
            errorCode?: string;
        };
        /**
         * EventDepositAddress
         * @description Deposit address of a deposit-address request as carried by events. Note the field name `depositAddressType` (v3 request records call it `type`) (live-service-facts §1.9, §2.3). SHOULD.
         */
        EventDepositAddress: {
            address: string;
            /** @enum {string} */
            depositAddressType: "open" | "strict";
            depositor?: string;
            depositTxHash?: string;
        };
        /**
         * EventName
         * @description The only event kind of the stream and of the webhooks (live-service-facts §1.8, §1.9). SHOULD.
         * @constant
         */
        EventName: "request.status.updated";
        /**
         * EventRequestStatus
         * @description Request status carried by `request.status.updated` events: the seven request statuses of the v3 records (live-service-facts §1.9 "Statuses: waiting, depositing, pending, submitted, success, failure, refund"). SHOULD.
         * @enum {string}
         */
        EventRequestStatus: "waiting" | "depositing" | "pending" | "submitted" | "success" | "failure" | "refund";
        /**
         * EventTimestampMs
         * @description Unix epoch time in milliseconds (live-service-facts §1.8, §1.9). SHOULD.
         */
        EventTimestampMs: number;
        /** @description A component of `data.fees.actual`, "each carrying `usd`" (API document). */
        FeeComponentActual: {
            usd: components["schemas"]["DecimalString"];
            amount?: components["schemas"]["IntegerString"];
            amountFormatted?: components["schemas"]["DecimalString"];
        };
        /** @description A component of `data.fees.quoted`, `{usd, amount, amountFormatted}` (API document). */
        FeeComponentQuoted: {
            usd: components["schemas"]["DecimalString"];
            amount: components["schemas"]["IntegerString"];
            amountFormatted: components["schemas"]["DecimalString"];
        };
        /** @description `data.feeSponsorship`: quoted and actual phases and their shared currency (API document, Resources > Request record (v3)). */
        FeeSponsorship: {
            quoted: components["schemas"]["FeeSponsorshipPhase"];
            actual: components["schemas"]["FeeSponsorshipPhase"];
            currency: components["schemas"]["RecordCurrency"];
        };
        /** @description `feeSponsorship.quoted` or `feeSponsorship.actual` ("same shape in both phases", API document). `maxSubsidizationAmount` appears in `quoted`, `sponsorPayment` in `actual` only: both optional here. Whether a request was sponsored is read from `sponsoredTotal.amountUsd`. */
        FeeSponsorshipPhase: {
            /** @description Selected components, from `execution`, `swap`, `platform`, `app` (API document). The live service also has `rent` (live-service-facts §2.3): a known divergence. */
            selectedComponents: ("execution" | "swap" | "platform" | "app")[];
            /** @description Nullable, in `quoted`; its type is not shown in the API document. */
            maxSubsidizationAmount?: unknown;
            capHit: boolean;
            components: {
                execution: components["schemas"]["SponsorshipComponent"];
                swap: components["schemas"]["SponsorshipComponent"];
                platform: components["schemas"]["SponsorshipComponent"];
                app: components["schemas"]["SponsorshipComponent"];
            };
            sponsoredTotal: components["schemas"]["SponsorshipAmount"];
            userPaysTotal: components["schemas"]["SponsorshipAmount"];
            /** @description In `actual` only (API document). */
            sponsorPayment?: {
                amount: components["schemas"]["IntegerString"];
                address: string;
                chainId: number;
            };
        };
        /** @description `data.fees`: quoted and actual fee breakdowns with components `swap`, `execution`, `platform`, `app`, `sponsored`, and their currency (API document, Resources > Request record (v3)). In v2 the `platform` component was named after the service. */
        Fees: {
            quoted: {
                swap: components["schemas"]["FeeComponentQuoted"];
                execution: components["schemas"]["FeeComponentQuoted"];
                platform: components["schemas"]["FeeComponentQuoted"];
                app: components["schemas"]["FeeComponentQuoted"];
                sponsored: components["schemas"]["FeeComponentQuoted"];
            };
            actual: {
                swap: components["schemas"]["FeeComponentActual"];
                execution: components["schemas"]["FeeComponentActual"];
                platform: components["schemas"]["FeeComponentActual"];
                app: components["schemas"]["FeeComponentActual"];
                sponsored: components["schemas"]["FeeComponentActual"];
            };
            currency: components["schemas"]["RecordCurrency"];
        };
        /** @description An integer amount in the currency's smallest unit, as a string of decimal digits with an optional leading minus sign. Source: API document, Resources > Amount object (`amount`: "integer amount in the currency's smallest unit"). */
        IntegerString: string;
        /** @description Intent status record returned by the deprecated GET /intents/status. Source: API document, Resources > Intent status record. `fallback` is returned when the intent was refunded (API document, States and transitions). */
        IntentStatus: {
            status: components["schemas"]["IntentStatusValue"];
            /** @description Free-text detail of the status. Not in the API document; the live service returns it (live-service-facts §1.1), SHOULD. */
            details?: string;
            /** @description Incoming transaction hashes. */
            inTxHashes: string[];
            /** @description Outgoing transaction hashes. */
            txHashes: string[];
            /** @description Last timestamp at which the data was updated. The API document does not show its unit; the live service uses Unix epoch milliseconds (live-service-facts §1.1), SHOULD. */
            time: number;
            originChainId: number;
            destinationChainId: number;
        };
        /** @description Status record of GET /intents/status/v2, which the API document only names ("a newer version of the status operation"): shape from the live service's published OpenAPI (https://api.relay.link/documentation/json, as generated into the SDK's `types/api.ts`; live-service-facts §1.1), SHOULD. Every field is optional there. */
        IntentStatusV2: {
            /** @enum {string} */
            status?: "refund" | "waiting" | "depositing" | "failure" | "pending" | "success";
            details?: string;
            inTxHashes?: string[];
            txHashes?: string[];
            /** @description Last update, Unix epoch milliseconds (live-service-facts §1.1). */
            time?: number;
            originChainId?: number;
            destinationChainId?: number;
            quoteCreatedAt?: number;
        };
        /** @description Status record of GET /intents/status/v3 (the live "Get Status" page), which the API document only names: shape from the live service's published OpenAPI (https://api.relay.link/documentation/json, as generated into the SDK's `types/api.ts`; live-service-facts §1.1), SHOULD. Every field is optional there. `updatedAt` replaces v2's `time`; `failReason` and `refundFailReason` were added on 2026-08-07 (strings here: `N/A` when not failed). */
        IntentStatusV3: {
            /** @enum {string} */
            status?: "refund" | "waiting" | "depositing" | "failure" | "pending" | "submitted" | "success";
            details?: string;
            inTxHashes?: string[];
            txHashes?: string[];
            /** @description Last update, Unix epoch milliseconds (live-service-facts §1.1). */
            updatedAt?: number;
            originChainId?: number;
            destinationChainId?: number;
            quoteCreatedAt?: number;
            failReason?: string;
            refundFailReason?: string;
        };
        /**
         * @description Status of an intent. Source: API document, Resources > Intent status record and States and transitions. Rule: `fallback` is returned when the intent was refunded. Transitions are not shown. The live service also answers `unknown` before the deposit lands (live-service-facts §1.1, third-party observation): a known divergence.
         * @enum {string}
         */
        IntentStatusValue: "failure" | "fallback" | "pending" | "received" | "success";
        /** @description `protocol` of a v3 request record (API document, Resources > Request record (v3)). Types of the `deposit.origin` fields are not shown in the document, so they are left open. */
        Protocol: {
            orderId: string;
            hubType: string;
            isWithdrawable: boolean;
            solver: {
                address: string;
                protocolChainId: string;
                chainId: number;
            };
            deposit: {
                origin: {
                    /** @description Type not shown in the API document. */
                    amount: unknown;
                    /** @description Type not shown in the API document. */
                    chainId: unknown;
                    /** @description Type not shown in the API document. */
                    currency: unknown;
                    /** @description Type not shown in the API document. */
                    depositor: unknown;
                    /** @description Type not shown in the API document. */
                    depository: unknown;
                    /** @description Type not shown in the API document. */
                    onchainId: unknown;
                    /** @description Type not shown in the API document. */
                    transactionId: unknown;
                };
            };
            settlement: {
                destination: {
                    fills: {
                        /** @description Type not shown in the API document. */
                        chainId: unknown;
                        /** @description Type not shown in the API document. */
                        transactionId: unknown;
                    }[];
                    /** @description Item shape not shown in the API document. */
                    refunds: unknown[];
                };
            };
        };
        /** @description `data.quoteOraclePrice`, only for fixed-BPS oracle integrators (API document). Types of its four fields are not shown. */
        QuoteOraclePrice: {
            /** @description Type not shown in the API document. */
            rate: unknown;
            /** @description Type not shown in the API document. */
            observedAt: unknown;
            /** @description Type not shown in the API document. */
            inputCurrency: unknown;
            /** @description Type not shown in the API document. */
            outputCurrency: unknown;
        };
        /** @description A currency object nested in a v3 request record. Source: API document, Resources > Currency ("In v3 request records every currency appears as a single currency object of this shape (`chainId`, `address`, `symbol`, `name`, `decimals`, `metadata`); some nested occurrences carry only `chainId`, `symbol`, `decimals`"): those three are required, the others optional. */
        RecordCurrency: {
            chainId: number;
            address?: string;
            symbol: string;
            name?: string;
            decimals: number;
            /** @description Currency metadata (`logoURI`, `verified`, `isNative`). Nested occurrences may be partial, so no key is required here (API document, Resources > Currency). */
            metadata?: {
                logoURI?: string;
                verified?: boolean;
                isNative?: boolean;
            };
        };
        /** @description `data` of a v2 request record. Fields from the API document's v2-to-v3 table and the live service (live-service-facts §2.4); all optional because the document does not list the v2 record. */
        RequestDataV2: {
            slippageTolerance?: string;
            /** @description Failure reason; the string `N/A` means none (API document, Versioning > Changes from v2 to v3). */
            failReason?: string;
            /** @description Refund failure reason; the string `N/A` means none (API document, Versioning). */
            refundFailReason?: string;
            /** @description `sender`, `recipient`, `currencyIn`, `currencyOut`, `rate`, `route` (API document, Versioning; in v3 `sender`/`recipient` move to the root and the rest to `data.route`). */
            metadata?: {
                sender?: string;
                recipient?: string;
                currencyIn?: Record<string, unknown>;
                currencyOut?: Record<string, unknown>;
                rate?: string;
                route?: Record<string, unknown>;
            };
            /** @description Old wei fees `gas`, `fixed`, `price`, `gateway` (API document, Versioning); removed in v3. */
            fees?: {
                gas?: string;
                fixed?: string;
                price?: string;
                gateway?: string;
            };
            /** @description USD fees (API document, Versioning); removed in v3. */
            feesUsd?: Record<string, unknown>;
            /** @description Becomes `data.fees` in v3 (API document, Versioning). */
            expandedPriceImpact?: Record<string, unknown>;
            currency?: string;
            currencyObject?: Record<string, unknown>;
            feeCurrency?: string;
            feeCurrencyObject?: Record<string, unknown>;
            appFeeCurrencyObject?: Record<string, unknown>;
            /** @description Becomes `data.appFees.quoted` in v3 (API document, Versioning). */
            appFees?: unknown[];
            /** @description Becomes `data.appFees.actual` in v3 (API document, Versioning). */
            paidAppFees?: unknown[];
            /** @description Removed in v3; use `data.feeSponsorship` (API document, Versioning). */
            subsidizedRequest?: boolean;
            /** @description Removed in v3; use `data.feeSponsorship` (API document, Versioning). */
            subsidizedFee?: Record<string, unknown>;
            feeSponsorship?: Record<string, unknown>;
            /** @description Only with `includeAuthenticatedData=true` for the owning integrator; in v2 a structured object (`bucket`, `ruleId`, `relayFeeBps`, `integratorFeeBps`, `totalFeeBps`, `relayFee`, `integratorFee`, `totalPlatformFee`, `integratorFeeRecipient`) per the live service (live-service-facts §1.6, §2.4), SHOULD. */
            platformFee?: Record<string, unknown> | null;
            /** @description Removed in v3; read `data.route.actual.destination.inputCurrency` (API document, Versioning). */
            price?: string;
            /** @description Moves to the root in v3 (API document, Versioning). */
            supersededByRequestId?: string | null;
            usesExternalLiquidity?: boolean;
            timeEstimate?: number;
            inTxs?: components["schemas"]["TransactionEntryV2"][];
            outTxs?: components["schemas"]["TransactionEntryV2"][];
        };
        /** @description `data` of a v3 request record (API document, Resources > Request record (v3), "`data` fields"). `platformFee`, `referrer` and `apiKeyName` are returned only with `includeAuthenticatedData=true` to the owning integrator, so they are optional. */
        RequestDataV3: {
            slippageTolerance: string;
            /** @description Execution failure reason; null when none (v2 used the string `N/A`). Allowed values are not shown. Source: API document, Resources and Errors rule 4. The live service may still return `N/A` (live-service-facts §1.7): a known divergence. */
            failReason: string | null;
            /** @description Refund failure reason; null when none (API document, Errors rule 4). */
            refundFailReason: string | null;
            failedTxHash: string | null;
            failedTxBlockNumber: number | null;
            /** @description String or null (API document); contents not shown. The live service sends an object `{from, to, data, value}` (live-service-facts §1.6): a known divergence. */
            failedCallData: string | null;
            usesExternalLiquidity: boolean;
            timeEstimate: number;
            /** @description Nullable; contents not shown in the API document. */
            triggeredByFastFill: unknown;
            inTxs: components["schemas"]["TransactionEntry"][];
            outTxs: components["schemas"]["TransactionEntry"][];
            appFees: components["schemas"]["AppFees"];
            fees: components["schemas"]["Fees"];
            feeSponsorship: components["schemas"]["FeeSponsorship"];
            route: components["schemas"]["Route"];
            /** @description Nullable; returned only with `includeAuthenticatedData=true` for the owning integrator (API document, GET /requests/v3 rule 6). Contents not shown. */
            platformFee?: unknown;
            /** @description Only for fixed-BPS oracle integrators, null otherwise (API document). */
            quoteOraclePrice: components["schemas"]["QuoteOraclePrice"] | null;
            /** @description Only with `includeAuthenticatedData=true` (API document, GET /requests/v3 rule 6). */
            referrer?: string;
            /** @description Display name of the API key that created the request; only with `includeAuthenticatedData=true` when the caller authenticates as the owning integrator; null if the key has no name (API document). */
            apiKeyName?: string | null;
            /** @description Nullable; contents not shown in the API document. */
            refundCurrencyData: unknown;
            /** @description External metadata (API document). The live service names the field `moonpayId` instead of `partnerId` (live-service-facts §2.3): a known divergence. */
            externalMetadata: {
                /** @description Partner correlation identifier; nullable. Its type is not shown in the API document. */
                partnerId: unknown;
            };
        };
        /**
         * @description One request feature flag. An open set (the API document says "for example"): the known values are the document's `gasless_execution`, `fast_fill`, `gas_top_up`, `app_fees`, `deposit_address` and the live service's `gasless_swap`, `fixed_rate`; any other string is allowed.
         * @example gasless_execution
         * @example fast_fill
         * @example gas_top_up
         * @example app_fees
         * @example deposit_address
         * @example gasless_swap
         * @example fixed_rate
         */
        RequestFeature: string;
        /**
         * @description Status of a v2 request: the v3 states without `depositing` and `submitted` (new in v3), plus `delayed` (v2 only). Source: API document, States and transitions and Versioning > Changes from v2 to v3. The live v2 schema no longer lists `delayed` (live-service-facts §2.4).
         * @enum {string}
         */
        RequestStatusV2: "pending" | "waiting" | "success" | "failure" | "refund" | "delayed";
        /**
         * @description Status of a v3 request. Source: API document, Resources > Request record (v3) and States and transitions (`depositing` and `submitted` are new in v3; v2's `delayed` no longer exists). Transitions are not shown.
         * @enum {string}
         */
        RequestStatusV3: "pending" | "waiting" | "depositing" | "submitted" | "success" | "failure" | "refund";
        /**
         * @description Kind of request. Source: API document, Resources > Request record (v3) (`requestType` enum). The live service types it `string|null` (live-service-facts §2.3): a known divergence.
         * @enum {string}
         */
        RequestTypeV3: "Bridge" | "Crosschain Swap" | "Same-chain Swap" | "Send" | "Wrap" | "Unwrap" | "Call";
        /** @description A v2 request record, derived from the API document's v2-to-v3 table (Versioning) and the live service (live-service-facts §2.4). Lenient: only the fields every published v2 record carries are required. */
        RequestV2: {
            id: string;
            status: components["schemas"]["RequestStatusV2"];
            user: string;
            recipient: string;
            /** @description Nullable in v2 (API document, Versioning). The live service sends `{address, depositAddressType, depositor, depositTxHash}` or null (live-service-facts §2.3). */
            depositAddress?: {
                address?: string;
                /** @enum {string} */
                depositAddressType?: "strict" | "open";
                depositor?: string | null;
                depositTxHash?: string | null;
            } | null;
            /** @description At the root in v2; `data.referrer` (authenticated only) in v3 (API document, Versioning). */
            referrer?: string | null;
            /** @description The "moonpay-style partner id at root" of the API document's v2-to-v3 table; null in published records (live-service-facts §3). */
            moonpayId?: string | null;
            /** @description Live service only (live-service-facts §2.4). */
            orderData?: unknown;
            data: components["schemas"]["RequestDataV2"];
            protocol?: Record<string, unknown>;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description A v3 request record (API document, Resources > Request record (v3)). `total` is a field of the response wrapper, not of the record. */
        RequestV3: {
            /** @description Request identifier. */
            id: string;
            status: components["schemas"]["RequestStatusV3"];
            /** @description Wallet address. */
            user: string;
            /** @description Wallet address; promoted from v2 `data.metadata.sender`. */
            sender: string;
            /** @description Wallet address. */
            recipient: string;
            /** @description Refund target for deposit-address transactions. */
            refundTo: string | null;
            depositAddress: components["schemas"]["DepositAddress"] | null;
            requestType: components["schemas"]["RequestTypeV3"];
            data: components["schemas"]["RequestDataV3"];
            protocol: components["schemas"]["Protocol"];
            /**
             * @description Request feature flags, for example `gasless_execution`, `fast_fill`, `gas_top_up`, `app_fees`, `deposit_address` (API document: examples, not a closed list). The live service also documents `gasless_swap` and `fixed_rate` (live-service-facts §1.4, §3). An open set: `x-known-values` lists the documented values, and a server sending another feature is conformant.
             * @example [
             *       "gasless_execution",
             *       "fast_fill"
             *     ]
             * @example [
             *       "deposit_address",
             *       "app_fees",
             *       "gas_top_up"
             *     ]
             * @example []
             */
            features: components["schemas"]["RequestFeature"][];
            /** @description Set on the original request when a deposit-address request is regenerated (currently Bitcoin/BVM only); points to the regenerated request that owns the sweep and fill. */
            supersededByRequestId: string | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description Body of a v2 429 (API document, Errors): `message`, `successor` (address of `{base_url}/requests/v3`), `migrationGuide` (address of the migration guide). No `Retry-After` header is sent. */
        RequestsV2RateLimited: {
            message: string;
            /** Format: uri */
            successor: string;
            /** Format: uri */
            migrationGuide: string;
        };
        /** @description Response 200 of GET /requests/v2. `deprecation` is required: "A 200 response additionally carries a top-level `deprecation` object" (API document, GET /requests/v2). `requests` and `continuation` follow the live service (live-service-facts §1.3, §2.4), SHOULD. */
        RequestsV2Response: {
            requests: components["schemas"]["RequestV2"][];
            /** @description Cursor of the next page (live-service-facts §1.3), SHOULD; absent or null on the last page. */
            continuation?: string | null;
            deprecation: components["schemas"]["DeprecationNotice"];
        };
        /** @description Body of GET /requests/v2 after its retirement on Nov 24, 2026. The API document does not say how a retired v2 answers; this is the reference server's choice (410 Gone), mirroring the 429 body. */
        RequestsV2Retired: {
            message: string;
            /** Format: uri */
            successor: string;
            /** Format: uri */
            migrationGuide: string;
        };
        /** @description One group of the `filters` query parameter of GET /requests/v3. Fields inside a group are AND-ed; groups are OR-ed; a key prefixed `not:` is negated; top-level parameters still apply. OR groups support identity, address, chain, currency and status-style fields; range filters and `features` are top-level only. Source: API document, GET /requests/v3 rule 7. The key list below is the document's Search (without the free-text `term`), Chain (without `privateChainsToInclude`), Address, Status / routing and Currency parameters. */
        RequestsV3FilterGroup: {
            [key: string]: components["schemas"]["RequestsV3FilterValue"];
        };
        /** @description Value of a `filters` key: a scalar, an array of scalars (OR within the field) or null (a null-check: the field is empty; with `not:` it is not empty). Null combined with real values in one array for the same key is rejected with 400. Source: API document, GET /requests/v3 rule 7. */
        RequestsV3FilterValue: string | number | boolean | null | (string | number | boolean)[];
        /** @description The decoded `filters` query parameter: a JSON-encoded array of groups (API document, GET /requests/v3 rule 7). */
        RequestsV3Filters: components["schemas"]["RequestsV3FilterGroup"][];
        /** @description Response 200 of GET /requests/v3: a list of request records with optional `total` (API document, Endpoints > GET /requests/v3). The document does not name the wrapper fields beyond `total`; the live service uses `requests` and `continuation` (live-service-facts §1.3), SHOULD. */
        RequestsV3Response: {
            /** @description The page of request records. Field name from the live service (live-service-facts §1.3), SHOULD. */
            requests: components["schemas"]["RequestV3"][];
            /** @description Cursor of the next page: pass it back as the `continuation` query parameter (API document, GET /requests/v3 rule 4). The field name is from the live service (live-service-facts §1.3), SHOULD; absent or null on the last page (clause requests-v3.pagination.continuation-field). */
            continuation?: string | null;
            /** @description Exact count of matching requests, independent of `limit` and `continuation`; present only when `includeTotal=true` (API document, GET /requests/v3 rule 5). */
            total?: number;
        };
        /** @description `data.route` (API document, Resources > Request record (v3)). `actual` falls back to `quoted` when there is no execution data yet. Same-chain swaps have no destination side (read `origin.outputCurrency` there), so `destination` is optional in both phases. Amount deposited: `actual.origin.inputCurrency`; amount received: `actual.destination.outputCurrency`; quoted output amount: `actual.destination.inputCurrency`. */
        Route: {
            /** @description Item type not shown in the API document. */
            includedSwapSources: unknown[];
            /** @description Item type not shown in the API document. */
            includedOriginSwapSources: unknown[];
            /** @description Item type not shown in the API document. */
            includedDestinationSwapSources: unknown[];
            quoted: {
                origin: components["schemas"]["RouteSide"];
                destination?: components["schemas"]["RouteSide"];
            };
            actual: {
                rate: string;
                origin: components["schemas"]["RouteSide"];
                destination?: components["schemas"]["RouteSide"];
            };
        };
        /** @description One side (`origin` or `destination`) of a route phase: `inputCurrency` and `outputCurrency` amount objects and `router` (on `actual` it names the provider that filled the leg). Source: API document, Resources > Request record (v3), `data.route`. */
        RouteSide: {
            inputCurrency: components["schemas"]["Amount"];
            outputCurrency: components["schemas"]["Amount"];
            router: string;
        };
        /** @description `{amount, amountUsd, optionally amountFormatted}` of fee sponsorship (API document, Resources > Request record (v3), `data.feeSponsorship`). */
        SponsorshipAmount: {
            amount: components["schemas"]["IntegerString"];
            amountUsd: components["schemas"]["DecimalString"];
            amountFormatted?: components["schemas"]["DecimalString"];
        };
        /** @description One component of `feeSponsorship.{quoted,actual}.components`: `{selected, total, sponsored, userPays}`; `total` optionally carries `amountFormatted` and `minimumAmount` (API document). */
        SponsorshipComponent: {
            selected: boolean;
            total: {
                amount: components["schemas"]["IntegerString"];
                amountUsd: components["schemas"]["DecimalString"];
                amountFormatted?: components["schemas"]["DecimalString"];
                minimumAmount?: string;
            };
            sponsored: {
                amount: components["schemas"]["IntegerString"];
                amountUsd: components["schemas"]["DecimalString"];
            };
            userPays: {
                amount: components["schemas"]["IntegerString"];
                amountUsd: components["schemas"]["DecimalString"];
            };
        };
        /**
         * Format: date-time
         * @description An ISO 8601 timestamp (RFC 3339 `date-time`). Source: API document, Resources > Request record (v3) (`createdAt`, `updatedAt`: "ISO 8601 timestamp").
         */
        Timestamp: string;
        /** @description An entry of `data.inTxs[]` or `data.outTxs[]`. Source: API document, Resources > Request record (v3), "Transaction entry". Allowed values of `type` and `status`, and the contents of `data` and `stateChanges`, are not shown. The live service adds `feeUsd` (live-service-facts §1.6). */
        TransactionEntry: {
            /** @description Transaction hash (named `hash` in v2). */
            txHash: string;
            /** @description Transaction fee. The live service gives it in the native currency's smallest unit (live-service-facts §1.6), SHOULD. */
            fee: string;
            block: number;
            /** @description Values not shown; the live service uses `onchain` (live-service-facts §1.6). */
            type: string;
            chainId: number;
            /** @description Unit not shown in the API document; the live service uses Unix seconds (live-service-facts §1.6), SHOULD. */
            timestamp: number;
            /** @description Values not shown; the live service uses `success|failure` (live-service-facts §1.6). */
            status: string;
            /** @description Contents not shown in the API document. */
            data: Record<string, unknown>;
            /** @description Contents not shown in the API document. */
            stateChanges: unknown[];
        };
        /** @description An entry of v2 `data.inTxs[]` / `data.outTxs[]`: like the v3 entry, with the hash named `hash` (API document, Versioning > Changes from v2 to v3). Other fields follow the live service (live-service-facts §2.4) and are optional. */
        TransactionEntryV2: {
            hash: string;
            fee?: string;
            block?: number;
            type?: string;
            chainId?: number;
            timestamp?: number;
            status?: string;
            data?: Record<string, unknown>;
            stateChanges?: unknown[];
        };
        /**
         * @description Virtual machine type of a currency's chain. Source: API document, Resources > Currency (`vmType` enum of eight values). The live service also returns `hederavm` (live-service-facts §2.1): a known divergence.
         * @enum {string}
         */
        VmType: "bvm" | "evm" | "svm" | "tvm" | "tonvm" | "hypevm" | "lvm" | "xrpvm";
        /**
         * WebhookRequestStatusData
         * @description `data` of a webhook delivery (live-service-facts §1.9). `failReason` and `refundFailReason` are the string `N/A` when there is no failure (unlike requests v3, which uses null). SHOULD.
         */
        WebhookRequestStatusData: {
            status: components["schemas"]["EventRequestStatus"];
            /** @description Incoming (deposit) transaction hashes. */
            inTxHashes: string[];
            /** @description Outgoing (fill or refund) transaction hashes. */
            txHashes: string[];
            updatedAt: components["schemas"]["EventTimestampMs"];
            originChainId: number;
            destinationChainId: number;
            /** @description Null unless the request is a deposit-address request. */
            depositAddress: null | components["schemas"]["EventDepositAddress"];
            requestId: string;
            referrer: string | null;
            details: string | null;
            /** @description Failure reason, `N/A` when none. */
            failReason: string;
            /** @description Refund failure reason, `N/A` when none. */
            refundFailReason: string;
        };
        /**
         * WebhookRequestStatusUpdated
         * @description Body of the webhook POST sent to the integrator's URL (one HTTPS URL per API key, set up in the dashboard) on every status update of the key's requests (live-service-facts §1.9). `timestamp` is in milliseconds. The delivery is signed: see WebhookSignatureHeaders. SHOULD.
         */
        WebhookRequestStatusUpdated: {
            event: components["schemas"]["EventName"];
            timestamp: components["schemas"]["EventTimestampMs"];
            data: components["schemas"]["WebhookRequestStatusData"];
        };
        /**
         * WebhookSignatureHeaders
         * @description Signature headers of a webhook delivery (live-service-facts §1.9). `X-Signature-SHA256` is the hex HMAC-SHA256 of `<X-Signature-Timestamp>.<body>` keyed with the integrator's API key; the receiver recomputes it, compares in constant time, and answers non-2xx on a mismatch. The unit of the timestamp is not stated by the live service. HTTP header names are case-insensitive. SHOULD.
         */
        WebhookSignatureHeaders: {
            /** @description Unix timestamp (digits; unit not stated). */
            "X-Signature-Timestamp": string;
            /** @description Lower- or upper-case hex of the 32-byte HMAC-SHA256. */
            "X-Signature-SHA256": string;
        };
        /**
         * WsConnectionReady
         * @description First message the server sends on a new Intent Status websocket connection; clients wait for it before subscribing (live-service-facts §1.8, protocol step 1). SHOULD.
         */
        WsConnectionReady: {
            /** @constant */
            type: "connection";
            /** @constant */
            status: "ready";
            data: {
                /** @description Socket identifier. */
                id: string;
            };
        };
        /**
         * WsError
         * @description The server's answer to a message it cannot act on (not JSON, not an object, an unknown type or event, a subscribe without filters.id, too large, binary, or over the subscription limit): the socket stays open (live-service-facts §1.8; the form the reference server sends and the kit's events.ws.errors check expects). `message` says what was wrong. SHOULD.
         */
        WsError: {
            /** @constant */
            type: "error";
            /** @constant */
            status: "error";
            message: string;
        };
        /**
         * WsRequestStatusData
         * @description `data` of a websocket status push. Required: status, updatedAt, originChainId, destinationChainId, requestId (live-service-facts §1.8). The changelog says the push also carries depositAddress, details, failReason and refundFailReason like the webhook; they are optional here. SHOULD.
         */
        WsRequestStatusData: {
            status: components["schemas"]["EventRequestStatus"];
            /** @description Incoming (deposit) transaction hashes. */
            inTxHashes?: string[];
            /** @description Outgoing (fill or refund) transaction hashes. */
            txHashes?: string[];
            updatedAt: components["schemas"]["EventTimestampMs"];
            originChainId: number;
            destinationChainId: number;
            requestId: string;
            depositAddress?: null | components["schemas"]["EventDepositAddress"];
            details?: string | null;
            failReason?: string | null;
            refundFailReason?: string | null;
        };
        /**
         * WsRequestStatusUpdated
         * @description Server push on the Intent Status websocket, sent for every status change of a subscribed request (live-service-facts §1.8). Required: event, data, publishedAt (ms). SHOULD.
         */
        WsRequestStatusUpdated: {
            event: components["schemas"]["EventName"];
            data: components["schemas"]["WsRequestStatusData"];
            publishedAt: components["schemas"]["EventTimestampMs"];
        };
        /**
         * WsSubscribeAck
         * @description Server acknowledgement of a subscription, echoing the event and the filters (live-service-facts §1.8, protocol step 3). SHOULD.
         */
        WsSubscribeAck: {
            /** @constant */
            type: "subscribe";
            /** @constant */
            status: "success";
            data: {
                event: components["schemas"]["EventName"];
                filters: components["schemas"]["WsSubscribeFilters"];
            };
        };
        /**
         * WsSubscribeFilters
         * @description Subscription filter; the stream is filtered by request id (live-service-facts §1.8). SHOULD.
         */
        WsSubscribeFilters: {
            /** @description Request identifier to follow. */
            id: string;
        };
        /**
         * WsSubscribeRequest
         * @description Client message subscribing to status updates of one request (live-service-facts §1.8, protocol step 2). SHOULD.
         */
        WsSubscribeRequest: {
            /** @constant */
            type: "subscribe";
            event: components["schemas"]["EventName"];
            filters: components["schemas"]["WsSubscribeFilters"];
        };
        /**
         * WsUnsubscribeAck
         * @description Server acknowledgement of an unsubscription; it echoes the event only (live-service-facts §1.8, protocol step 4). SHOULD.
         */
        WsUnsubscribeAck: {
            /** @constant */
            type: "unsubscribe";
            /** @constant */
            status: "success";
            data: {
                event: components["schemas"]["EventName"];
            };
        };
        /**
         * WsUnsubscribeRequest
         * @description Client message ending a subscription; optional, disconnecting also cleans up (live-service-facts §1.8, protocol step 4). SHOULD.
         */
        WsUnsubscribeRequest: {
            /** @constant */
            type: "unsubscribe";
            event: components["schemas"]["EventName"];
            filters: components["schemas"]["WsSubscribeFilters"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description Lists `Deprecation`, `Sunset` and `Link` (header names are case-insensitive) so that browsers may read them (API document, Versioning: "These headers are listed in Access-Control-Expose-Headers").
         * @example Deprecation, Sunset, Link
         */
        AccessControlExposeHeaders: string;
        /**
         * @description RFC 8594 structured-field date, shape `@<unix_seconds>` (API document, Versioning). The live service sends `@1784678400` (2026-07-22T00:00:00Z; live-service-facts §5).
         * @example @1784678400
         */
        Deprecation: string;
        /**
         * @description Three entries with `rel` values `deprecation`, `sunset` and `successor-version`, pointing to the migration guide and to GET /requests/v3 (API document, Versioning). Which URL goes with which relation is not shown.
         * @example <https://docs.relay.link/references/api/api_guides/migrating-to-requests-v3>; rel="deprecation", <https://docs.relay.link/references/api/api_guides/migrating-to-requests-v3>; rel="sunset", <https://api.relay.link/requests/v3>; rel="successor-version"
         */
        Link: string;
        /**
         * @description RFC 7231 HTTP-date of the retirement (API document, Versioning), sent as an IMF-fixdate, e.g. `Tue, 24 Nov 2026 00:00:00 GMT` (live-service-facts §5).
         * @example Tue, 24 Nov 2026 00:00:00 GMT
         */
        Sunset: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postCurrenciesV2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON object; every field is optional (API document, POST /currencies/v2). */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CurrenciesV2Body"];
            };
        };
        responses: {
            /** @description JSON array of currency objects (API document, POST /currencies/v2). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrenciesV2Response"];
                };
            };
            /** @description Error. Status codes and bodies are not shown in the API document (Errors rule 2); the live service's usual body is ErrorBody (live-service-facts §1.5), SHOULD. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIntentStatus: {
        parameters: {
            query?: {
                /** @description The unique execution identifier, obtainable from the requests listing or from the check object in step items (API document). The document does not show the parameter's name; the live service calls it `requestId` (live-service-facts §1.1), SHOULD. */
                requestId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Intent status record (API document, Resources > Intent status record). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentStatus"];
                };
            };
            /** @description Error. Status codes and bodies are not shown in the API document (Errors rule 2); the live service's usual body is ErrorBody (live-service-facts §1.5), SHOULD. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIntentStatusV2: {
        parameters: {
            query?: {
                requestId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Intent status (live OpenAPI). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentStatusV2"];
                };
            };
            /** @description Any other response; not shown (the live OpenAPI declares none). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getRequestsV3: {
        parameters: {
            query?: {
                /** @description Matches the request id, wallet, deposit address and every transaction hash (deposit, fill, refund, failed, chain-entry) (API document, GET /requests/v3, Search). */
                term?: string;
                /** @description Request id (API document, Search). */
                id?: string;
                /** @description Protocol order id (API document, Search). */
                orderId?: string;
                /** @description Hash of the deposit transaction (API document, Search; replaces v2 `hash`). */
                depositTxHash?: string;
                /** @description Hash of the fill transaction (API document, Search). */
                fillTxHash?: string;
                /** @description Hash of the refund transaction (API document, Search). */
                refundTxHash?: string;
                /** @description Origin chain id (API document, Chain). Number per the live service (live-service-facts §1.4), SHOULD; it overrides `chainId`. */
                originChainId?: number;
                /** @description Destination chain id (API document, Chain). Number (live-service-facts §1.4), SHOULD. */
                destinationChainId?: number;
                /** @description Chain id in either direction (API document, Chain). Number in v3 (live-service-facts §1.4), SHOULD. */
                chainId?: number;
                /** @description Comma-separated list of private chain ids (UUIDs) to include (live-service-facts §1.4), SHOULD. */
                privateChainsToInclude?: string;
                /** @description Wallet address (API document, Address). Matches the sender or the deposit-address depositor (live-service-facts §1.4), SHOULD. */
                user?: string;
                /** @description Deposit address (API document, Address). */
                depositAddress?: string;
                /** @description Recipient wallet address (API document, Address). */
                recipient?: string;
                /** @description Request status. The filter accepts only `success`, `failure`, `refund`, `pending`, `depositing` (API document, States and transitions). */
                status?: "success" | "failure" | "refund" | "pending" | "depositing";
                /** @description Failure reason. Allowed values are not shown in the API document; the live service uses an enum of 69 values (live-service-facts §1.7). */
                failReason?: string;
                /** @description Refund failure reason; values not shown in the API document (live-service-facts §1.7). */
                refundFailReason?: string;
                /** @description API key whose requests to list: one key or a comma-separated list (live-service-facts §1.4), SHOULD. Keys not owned by the caller are rejected with 403 (live-service-facts §1.5), SHOULD. */
                apiKey?: string;
                /** @description Request type (API document, Status / routing). A string matched case-insensitively against Bridge, Crosschain Swap, Same-chain Swap, Send, Wrap, Unwrap, Call (live-service-facts §1.4), SHOULD. */
                requestType?: string;
                /** @description Chain id of the input currency (API document, Currency). Number (live-service-facts §1.4), SHOULD. */
                currencyInChainId?: number;
                /** @description Chain id of the output currency (API document, Currency). Number (live-service-facts §1.4), SHOULD. */
                currencyOutChainId?: number;
                /** @description Address of the input currency (API document, Currency). */
                currencyInAddress?: string;
                /** @description Address of the output currency (API document, Currency). */
                currencyOutAddress?: string;
                /** @description Symbol of the input currency, case-insensitive (API document, Currency). */
                currencyInSymbol?: string;
                /** @description Symbol of the output currency, case-insensitive (API document, Currency). */
                currencyOutSymbol?: string;
                /** @description Lower bound, inclusive, in Unix seconds, compared with `createdAt` (with `updatedAt` when `sortBy=updatedAt`) (live-service-facts §1.4), SHOULD. */
                startTimestamp?: number;
                /** @description Upper bound, inclusive, in Unix seconds (live-service-facts §1.4), SHOULD. */
                endTimestamp?: number;
                /** @description Lower bound, inclusive, on the chain-entry block number (live-service-facts §1.4), SHOULD. */
                startBlock?: number;
                /** @description Upper bound, inclusive, on the chain-entry block number (live-service-facts §1.4), SHOULD. */
                endBlock?: number;
                /** @description Minimum input amount in USD, a number (live-service-facts §1.4), SHOULD. */
                amountUsdMin?: number;
                /** @description Maximum input amount in USD, a number (live-service-facts §1.4), SHOULD. */
                amountUsdMax?: number;
                /** @description Minimum total of app fees in USD (live-service-facts §1.4), SHOULD. */
                appFeesAmountUsdMin?: number;
                /** @description Maximum total of app fees in USD (live-service-facts §1.4), SHOULD. */
                appFeesAmountUsdMax?: number;
                /** @description Minimum fill time in seconds (live-service-facts §1.4), SHOULD. */
                fillTimeMin?: number;
                /** @description Maximum fill time in seconds (live-service-facts §1.4), SHOULD. */
                fillTimeMax?: number;
                /** @description Comma-separated feature flags, matching any of them (live-service-facts §1.4), SHOULD. Top-level only: not allowed inside `filters` (API document, rule 7). Known values (an open set, see `RequestFeature`): `gasless_execution`, `fast_fill`, `gas_top_up`, `app_fees`, `deposit_address`, `gasless_swap`, `fixed_rate`. */
                features?: string;
                /** @description Include child requests; has an effect only together with `id` (live-service-facts §1.4), SHOULD. */
                includeChildRequests?: boolean;
                /** @description JSON-encoded array of groups (API document, GET /requests/v3 rule 7): fields inside a group are AND-ed, groups are OR-ed, a `not:` prefix negates a key, an array value is an OR within the field, null is a null-check (with `not:`, a not-empty check). Top-level parameters still apply. Null combined with real values in one array for the same key returns 400. */
                filters?: string;
                /** @description Sort field; `createdAt` by default (API document, GET /requests/v3 rule 1). */
                sortBy?: "createdAt" | "updatedAt" | "amountUsd";
                /** @description Sort direction. When omitted: `desc` for the time fields (`createdAt`, `updatedAt`) and `asc` for `amountUsd` (API document, GET /requests/v3 rule 2), so there is no single static default. */
                sortDirection?: "asc" | "desc";
                /** @description Return the authenticated fields `data.referrer`, `data.platformFee`, `data.apiKeyName`, only for requests tied to the caller's API key (API document, GET /requests/v3 rule 6). */
                includeAuthenticatedData?: boolean;
                /** @description `true` adds `total`, the exact count of matching requests independent of `limit` and `continuation`; when omitted or false, `total` is not computed (API document, rule 5). */
                includeTotal?: boolean;
                /** @description Opaque cursor from the previous page's `continuation` field (API document, rule 4; field name from live-service-facts §1.3). */
                continuation?: string;
                /** @description Page size, at most 50 (API document, rule 3 and Limits: MUST). The default is not shown in the document; the live service uses 20 and a minimum of 1 (live-service-facts §1.3), SHOULD. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of request records (API document, GET /requests/v3). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestsV3Response"];
                };
            };
            /** @description Invalid input, e.g. `filters` with null combined with real values in one array for the same key (API document, Errors). Body shape not shown; see ErrorBody (SHOULD). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or unknown API key. The document requires an active key but does not show the status code; the live service presumably answers 401 (live-service-facts §1.5), SHOULD. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Inactive key, or `apiKey` values not owned by the caller (live-service-facts §1.5), SHOULD. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRequestsV2: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 50, default 20 (live-service-facts §1.3, §2.4), SHOULD. */
                limit?: number;
                /** @description Opaque cursor from the previous page's `continuation` field; pagination is unchanged between versions (API document, Versioning). */
                continuation?: string;
                /** @description Wallet address; in v2 it matches the sender or the recipient (live-service-facts §1.4). */
                user?: string;
                /** @description Transaction hash; replaced in v3 by `term`, `depositTxHash`, `fillTxHash`, `refundTxHash` (API document, Versioning). */
                hash?: string;
                /** @description Origin chain id (live-service-facts §2.4). */
                originChainId?: number;
                /** @description Destination chain id (live-service-facts §2.4). */
                destinationChainId?: number;
                /** @description Comma-separated private chain ids to include (live-service-facts §2.4). */
                privateChainsToInclude?: string;
                /** @description Request id (live-service-facts §2.4). */
                id?: string;
                /** @description Protocol order id (live-service-facts §2.4). */
                orderId?: string;
                /** @description Include `orderData` in the records (live-service-facts §2.4). */
                includeOrderData?: boolean;
                /** @description Lower bound, inclusive, in Unix seconds (live-service-facts §2.4). */
                startTimestamp?: number;
                /** @description Upper bound, inclusive, in Unix seconds (live-service-facts §2.4). */
                endTimestamp?: number;
                /** @description Lower bound, inclusive, on the block number (live-service-facts §2.4). */
                startBlock?: number;
                /** @description Upper bound, inclusive, on the block number (live-service-facts §2.4). */
                endBlock?: number;
                /** @description Chain id in either direction; a string in v2 (live-service-facts §1.4, §2.4). */
                chainId?: string;
                /** @description Referrer; a query parameter in v2 only (API document, Versioning). */
                referrer?: string;
                /** @description Deposit address (live-service-facts §2.4). */
                depositAddress?: string;
                /** @description Include child requests (live-service-facts §2.4). */
                includeChildRequests?: boolean;
                /** @description Return authenticated fields for requests tied to the caller's key (live-service-facts §2.4). */
                includeAuthenticatedData?: boolean;
                /** @description Request status; the same five values as v3 (live-service-facts §2.4). */
                status?: "success" | "failure" | "refund" | "pending" | "depositing";
                /** @description API key whose requests to list (live-service-facts §2.4). */
                apiKey?: string;
                /** @description Sort field (live-service-facts §2.4). */
                sortBy?: "createdAt" | "updatedAt";
                /** @description Sort direction (live-service-facts §2.4). */
                sortDirection?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of v2 request records with the top-level `deprecation` object (API document, GET /requests/v2). */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestsV2Response"];
                };
            };
            /** @description Invalid input. Body shape not shown; see ErrorBody (live-service-facts §1.5), SHOULD. */
            400: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Gone: v2 is retired (after Nov 24, 2026). The API document does not say how a retired v2 answers; the reference server answers 410 with RequestsV2Retired. */
            410: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestsV2Retired"];
                };
            };
            /** @description Over the v2 rate limit, reduced each month from Sep 1, 2026 (API document, Errors and Limits). No `Retry-After` header is sent. */
            429: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestsV2RateLimited"];
                };
            };
            /** @description Server error. The deprecation headers are still sent (API document, Errors rule 1); body not shown. */
            "5XX": {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other response, which still carries the deprecation headers (API document, Errors rule 1); body not shown. */
            default: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Access-Control-Expose-Headers": components["headers"]["AccessControlExposeHeaders"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postQuoteV2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postExecutePermits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getIntentStatusV3: {
        parameters: {
            query?: {
                requestId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Intent status (live OpenAPI). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentStatusV3"];
                };
            };
            /** @description Any other response; not shown (the live OpenAPI declares none). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getChainsLiquidity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getCurrencyTokenPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postTransactionsIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postTransactionsSingle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postTransactionsDepositAddressReindex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getAppFeeBalances: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wallet address named by the live path (live-service-facts §5); format not shown. */
                wallet: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postAppFeesClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wallet address named by the live path (live-service-facts §5); format not shown. */
                wallet: string;
            };
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getMetricsUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postFastFill: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getSwapSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postExecute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getConfigV2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    postCurrenciesV1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Payload not shown in the API document. */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Success; payload not shown in the API document. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Any other response; not shown in the API document. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    webhookRequestStatusUpdated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRequestStatusUpdated"];
            };
        };
        responses: {
            /** @description Receipt acknowledged; any non-2xx status rejects the delivery, which is retried (live-service-facts §1.9). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
