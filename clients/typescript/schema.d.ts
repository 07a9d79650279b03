// Generated from the service's OpenAPI document by openapi-typescript: do not edit.
// Run `npm run client:generate` after changing the document.

export interface paths {
    "/v1/product-intelligence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look up one product by name */
        get: operations["getProductIntelligence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/product-intelligence/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look up 1 to 5 products by name */
        post: operations["getProductIntelligenceBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the catalog's categories
         * @description Every category of the published catalog, by key, with how many products it holds and how many a source reviewed. Costs 1 lookup of the budget.
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/categories/{key}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse a category's products, a page at a time
         * @description A page of the products of the category `key`, each exactly the compact answer a lookup of its name gives. Follow `next_cursor` (as `cursor`, with the same `sort`) for the next page. Costs 1 lookup of the budget, whatever the page size.
         */
        get: operations["listCategoryProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/r/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow a tracked purchase link (an offer's buy_url) */
        get: operations["followPurchaseLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A suggested catalog product and how well it matches the name asked for. */
        Match: {
            name: string;
            /** @description 0 to 1 inclusive, three decimals */
            match_score: number;
        };
        DimensionScore: {
            /** @enum {string} */
            dimension: "performance" | "build" | "usability" | "features" | "reliability" | "value" | "support";
            /** @description 0 to 100 inclusive, one decimal */
            score: number;
            /**
             * @description sources: the mean of its rated criteria, each weighted by the ratings it rests on (unrated criteria are left out); category_prior: no source rated any of its criteria, so the score is the category's mean and says nothing about the product itself; catalog_prior: likewise, the whole catalog's mean, where no product of the category has one (never another category's numbers). Added by the revised synthesis rules; clients that do not know it can ignore it.
             * @enum {string}
             */
            basis: "sources" | "category_prior" | "catalog_prior";
            /** @description Omitted when detail=compact. */
            summary?: string;
        };
        FeatureScore: {
            /** @enum {string} */
            name: "core_performance" | "speed" | "output_quality" | "energy_efficiency" | "build_quality" | "materials" | "comfort" | "portability" | "setup" | "ease_of_use" | "controls" | "app_software" | "feature_set" | "connectivity" | "compatibility" | "customization" | "durability" | "consistency" | "defect_rate" | "longevity" | "price_to_performance" | "running_costs" | "resale_value" | "included_extras" | "warranty" | "customer_support" | "repairability";
            /** @description 0 to 100 inclusive, one decimal */
            score: number;
            /**
             * @description The dimension this criterion belongs to
             * @enum {string}
             */
            dimension: "performance" | "build" | "usability" | "features" | "reliability" | "value" | "support";
            /**
             * @description sources: at least one source rated this criterion (their weighted mean, shrunk toward the category's mean and kept within the ratings' range); category_prior: no source rated it, so the score is the category's mean and says nothing about the product itself; catalog_prior: likewise, the whole catalog's mean, where no product of the category has one (never another category's numbers). Added by the revised synthesis rules; clients that do not know it can ignore it.
             * @enum {string}
             */
            basis: "sources" | "category_prior" | "catalog_prior";
        };
        TitleDetail: {
            title: string;
            detail: string;
            /** @description The names of the sources this entry rests on (as in source_consensus); empty for a fact about offers. Additive: clients that do not know it can ignore it. */
            sources: string[];
        };
        SourceConsensus: {
            source: string;
            /** @enum {string} */
            source_type: "lab_test" | "expert_review" | "user_reviews" | "community";
            /** @description 0 to 100 inclusive, one decimal */
            score: number;
            /** @description Omitted when detail=compact. */
            summary?: string;
            /** @description The review's page (the citation); null when the catalog gives none. Additive. */
            url: string | null;
            /** @description When the source reviewed the product; null when the catalog gives none. Additive. */
            reviewed_at: string | null;
        };
        Offer: {
            retailer_name: string;
            /** @description US dollars */
            price: number;
            /**
             * Format: date-time
             * @description When the price was observed, as imported
             */
            price_as_of: string;
            /**
             * Format: uri
             * @description A signed, tracked purchase link served by this service; it redirects (302) to the retailer
             */
            buy_url: string;
        };
        Resolution: {
            /** @description 0 to 1 inclusive, three decimals */
            confidence: number;
            /** @description The next-best candidates, best first; never the resolved product */
            other_matches: components["schemas"]["Match"][];
        };
        /** @description The product's standing among its category's reviewed products by service_score (ties: more sources first), computed at publication. */
        CategoryRank: {
            /** @description The product's catalog category */
            category: string;
            /** @description 1 is the best reviewed product of the category */
            rank: number;
            /** @description How many products of the category are reviewed (a source scored them) */
            of: number;
            /** @description 100 for the best, 0 for the last; 100 when it is the only one */
            percentile: number;
        };
        /** @description A reviewed product of the same category offered instead, chosen at publication; never the product itself. */
        Alternative: {
            /**
             * @description better: scores clearly higher at a price not far above; cheaper: scores about as well and costs clearly less; top: the category's best reviewed product (docs/decisions.md, What to buy instead)
             * @enum {string}
             */
            kind: "better" | "cheaper" | "top";
            /** @description The alternative's catalog id: look it up by its name */
            id: string;
            product_name: string;
            brand: string;
            /** @description 0 to 100 inclusive, one decimal */
            service_score: number;
            /** @description Its lowest offer price in USD; null when there is no offer (only for top) */
            starting_price_usd: number | null;
            source_count: number;
            /** @description One sentence, with the numbers the choice rests on */
            reason: string;
        };
        /** @description The assessment of a confidently resolved product. */
        ProductIntelligence: {
            /** @constant */
            found: true;
            /** @description The product's stable catalog id (the id of its catalog line): the key to cache, store or link an answer by, whatever name was asked */
            id: string;
            product_name: string;
            brand: string;
            /** @description The product's catalog category; criterion priors are this category's means */
            category: string;
            headline: string;
            /** @description Long-form synthesized verdict; omitted when detail=compact. */
            summary?: string;
            /** @description The overall score: the sources' overall scores (source_consensus) weighted by source type, shrunk toward the category's mean overall score with at most one source's weight and kept within the sources' range. With no review it is the category's mean (see score_basis). Criteria never move it. */
            service_score: number;
            /**
             * @description What service_score rests on: sources, or category_prior / catalog_prior when no source reviewed the product and the score is the category's (or catalog's) mean overall score, not a verdict on it. Additive: clients that do not know it can ignore it.
             * @enum {string}
             */
            score_basis: "sources" | "category_prior" | "catalog_prior";
            /** @description Its rank among the reviewed products of its category; null for an unreviewed product (score_basis is not sources), which has no rank, and when the catalog holds no ranks the service can use (imported before ranks were stored, or with other synthesis settings). Additive: clients that do not know it can ignore it. */
            category_rank: components["schemas"]["CategoryRank"] | null;
            /** @description Up to three products to buy instead, in the order better, cheaper, top, each once; empty when none qualifies, and when the catalog holds no alternatives the service can use (as for category_rank). Additive: clients that do not know it can ignore it. */
            alternatives: components["schemas"]["Alternative"][];
            dimension_scores: components["schemas"]["DimensionScore"][];
            feature_scores: components["schemas"]["FeatureScore"][];
            /** @description Evidence only: its strongest rated criteria (at most 3), then the pros its sources state, most often stated first */
            highlights: components["schemas"]["TitleDetail"][];
            /** @description Evidence only: its weakest rated criteria (at most 3), the cons its sources state, most often stated first, then facts (no current offer, one source, sources that disagree) */
            considerations: components["schemas"]["TitleDetail"][];
            source_consensus: components["schemas"]["SourceConsensus"][];
            /** @description Sorted by price, lowest first */
            offers: components["schemas"]["Offer"][];
            /** @description The lowest offer price in USD; null when there is no offer */
            starting_price_usd: number | null;
            source_count: number;
            resolution: components["schemas"]["Resolution"];
            /**
             * Format: date-time
             * @description When the catalog data behind this answer was published
             */
            as_of: string;
        };
        /** @description No catalog product matches the name confidently. */
        LimitedCoverage: {
            /** @constant */
            found: false;
            /** @description Suggestions, best first; never a wrong product presented as a match */
            other_matches: components["schemas"]["Match"][];
            /**
             * Format: date-time
             * @description When the catalog data behind this answer was published
             */
            as_of: string;
        };
        LookupResult: components["schemas"]["ProductIntelligence"] | components["schemas"]["LimitedCoverage"];
        BatchLookupResponse: {
            /** @description One entry per name, in request order */
            results: components["schemas"]["LookupResult"][];
        };
        Category: {
            /** @description The category's key in URLs: its name without accents, in lower case, with every run of other characters than a-z and 0-9 one "-"; "-2", "-3"… after the key of names that fold to one key, by name. */
            key: string;
            /** @description The catalog's category, as answers state it (category) */
            name: string;
            /** @description How many products it holds */
            products: number;
            /** @description How many of them a source reviewed (ranked: category_rank) */
            reviewed: number;
        };
        /** @description The published catalog's categories. */
        CategoryList: {
            /** @description By key */
            categories: components["schemas"]["Category"][];
        };
        /** @description A page of one category's products. */
        CategoryPage: {
            /** @description Each product as a lookup of its name with detail=compact answers it, in the order asked; empty when no product is left */
            products: components["schemas"]["ProductIntelligence"][];
            /** @description The cursor of the next page; null on the last page */
            next_cursor: string | null;
        };
        /** @description RFC 9457 problem details (Content-Type: application/problem+json). */
        Problem: {
            /** @description A URI naming the kind of problem */
            type: string;
            title: string;
            status: number;
            /** @description What went wrong, for people */
            detail: string;
            /** @description On validation failures: each offending field and why */
            errors?: {
                field: string;
                message: string;
            }[];
            /** @description This occurrence: urn:request-id:<id>, the id also sent in X-Request-Id */
            instance?: string;
            /** @description On 429 and 503: seconds to wait before retrying (also the Retry-After header) */
            retry_after?: number;
        };
        /** @description Exactly one field; there is no detail field. */
        BatchLookupRequest: {
            /** @description 1 to 5 product names, each as product_name of the single lookup; one result per name, in this order. A batch has no detail: its answers are full. */
            product_names: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getProductIntelligence: {
        parameters: {
            query: {
                /**
                 * @description Free text: a product name, with or without brand, in any case and punctuation.
                 * @example Sony WH-1000XM5
                 */
                product_name: string;
                /** @description `compact` omits the long-form summaries. */
                detail?: "full" | "compact";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assessment (found: true) or limited coverage (found: false). */
            200: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupResult"];
                };
            };
            /** @description product_name missing, blank, over 200 characters or with control characters; detail unknown. */
            400: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key. */
            401: {
                headers: {
                    /** @description Bearer, with error="invalid_token" when a key was sent */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key has not enough budget left for this request (a batch of N needs N); nothing was charged. The body and Retry-After say when to retry. */
            429: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The rate budget cannot be checked right now, so no lookup is served. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProductIntelligenceBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "product_names": [
                 *         "Sony WH-1000XM5",
                 *         "iPhone 15 Pro"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchLookupRequest"];
            };
        };
        responses: {
            /** @description One result per name, in request order; a name with no confident match is a LimitedCoverage entry. */
            200: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "found": true,
                     *           "id": "example-aurora-x5",
                     *           "product_name": "Example Audio Aurora X5",
                     *           "brand": "Example Audio",
                     *           "category": "headphones",
                     *           "headline": "Example Audio Aurora X5: very good overall (83.8/100 from 2 sources), strongest in performance.",
                     *           "service_score": 83.8,
                     *           "score_basis": "sources",
                     *           "category_rank": {
                     *             "category": "headphones",
                     *             "rank": 3,
                     *             "of": 42,
                     *             "percentile": 95
                     *           },
                     *           "alternatives": [
                     *             {
                     *               "kind": "better",
                     *               "id": "example-aurora-x6",
                     *               "product_name": "Example Audio Aurora X6",
                     *               "brand": "Example Audio",
                     *               "service_score": 89.8,
                     *               "starting_price_usd": 359,
                     *               "source_count": 4,
                     *               "reason": "Scores 89.8 against 83.8 (6 points higher, on 4 sources) from $359, 9% more."
                     *             },
                     *             {
                     *               "kind": "cheaper",
                     *               "id": "example-breeze-2",
                     *               "product_name": "Example Audio Breeze 2",
                     *               "brand": "Example Audio",
                     *               "service_score": 81.8,
                     *               "starting_price_usd": 199.99,
                     *               "source_count": 3,
                     *               "reason": "Scores 81.8 against 83.8 from $199.99, 39% less than $329.99."
                     *             },
                     *             {
                     *               "kind": "top",
                     *               "id": "example-reference-one",
                     *               "product_name": "Example Audio Reference One",
                     *               "brand": "Example Audio",
                     *               "service_score": 92.8,
                     *               "starting_price_usd": 549,
                     *               "source_count": 5,
                     *               "reason": "The best reviewed of 42 in headphones: scores 92.8 on 5 sources."
                     *             }
                     *           ],
                     *           "dimension_scores": [
                     *             {
                     *               "dimension": "performance",
                     *               "score": 87.3,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "build",
                     *               "score": 74,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "usability",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "features",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "reliability",
                     *               "score": 58,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "value",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "support",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             }
                     *           ],
                     *           "feature_scores": [
                     *             {
                     *               "name": "core_performance",
                     *               "score": 70,
                     *               "dimension": "performance",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "speed",
                     *               "score": 70,
                     *               "dimension": "performance",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "output_quality",
                     *               "score": 88,
                     *               "dimension": "performance",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "energy_efficiency",
                     *               "score": 86,
                     *               "dimension": "performance",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "build_quality",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "materials",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "comfort",
                     *               "score": 74,
                     *               "dimension": "build",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "portability",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "setup",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "ease_of_use",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "controls",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "app_software",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "feature_set",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "connectivity",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "compatibility",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "customization",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "durability",
                     *               "score": 58,
                     *               "dimension": "reliability",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "consistency",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "defect_rate",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "longevity",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "price_to_performance",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "running_costs",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "resale_value",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "included_extras",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "warranty",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "customer_support",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "repairability",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             }
                     *           ],
                     *           "highlights": [
                     *             {
                     *               "title": "Output quality",
                     *               "detail": "88/100 from 2 sources (Example Lab 91, Example Forum 88), who agree within 3 points; the category average is 70.",
                     *               "sources": [
                     *                 "Example Lab",
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Energy efficiency",
                     *               "detail": "86/100 from 1 source (Example Lab 86); the category average is 70.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Class-leading noise cancelling",
                     *               "detail": "Stated by 2 sources: Example Lab and Example Forum.",
                     *               "sources": [
                     *                 "Example Lab",
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Long battery life",
                     *               "detail": "Stated by 1 source: Example Lab.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             }
                     *           ],
                     *           "considerations": [
                     *             {
                     *               "title": "Durability",
                     *               "detail": "58/100 from 1 source (Example Forum 58); the category average is 70.",
                     *               "sources": [
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Tight fit for large heads",
                     *               "detail": "Stated by 1 source: Example Lab.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Creaky hinges",
                     *               "detail": "Stated by 1 source: Example Forum.",
                     *               "sources": [
                     *                 "Example Forum"
                     *               ]
                     *             }
                     *           ],
                     *           "source_consensus": [
                     *             {
                     *               "source": "Example Lab",
                     *               "source_type": "lab_test",
                     *               "score": 88,
                     *               "url": "https://lab.example/reviews/aurora-x5",
                     *               "reviewed_at": "2026-10-02T00:00:00.000Z"
                     *             },
                     *             {
                     *               "source": "Example Forum",
                     *               "source_type": "community",
                     *               "score": 81,
                     *               "url": "https://forum.example/t/aurora-x5",
                     *               "reviewed_at": "2026-09-14T00:00:00.000Z"
                     *             }
                     *           ],
                     *           "offers": [
                     *             {
                     *               "retailer_name": "Example Outlet",
                     *               "price": 329.99,
                     *               "price_as_of": "2026-10-31T10:00:00.000Z",
                     *               "buy_url": "https://api.example.com/v1/r/18.k_3f9a2c.Qm9ndXNTaWduYXR1cmVYWQ"
                     *             },
                     *             {
                     *               "retailer_name": "Example Shop",
                     *               "price": 348,
                     *               "price_as_of": "2026-10-30T10:00:00.000Z",
                     *               "buy_url": "https://api.example.com/v1/r/17.k_3f9a2c.Qm9ndXNTaWduYXR1cmVYWQ"
                     *             }
                     *           ],
                     *           "starting_price_usd": 329.99,
                     *           "source_count": 2,
                     *           "resolution": {
                     *             "confidence": 1,
                     *             "other_matches": [
                     *               {
                     *                 "name": "Example Audio Aurora X4",
                     *                 "match_score": 0.28
                     *               }
                     *             ]
                     *           },
                     *           "as_of": "2026-11-01T00:00:00.000Z"
                     *         },
                     *         {
                     *           "found": false,
                     *           "other_matches": [
                     *             {
                     *               "name": "Example Audio Aurora X4",
                     *               "match_score": 0.28
                     *             },
                     *             {
                     *               "name": "Example Audio Aurora X5",
                     *               "match_score": 0.28
                     *             }
                     *           ],
                     *           "as_of": "2026-11-01T00:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BatchLookupResponse"];
                };
            };
            /** @description Not JSON, not {"product_names": [1 to 5 non-blank strings]}, or another field. */
            400: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key. */
            401: {
                headers: {
                    /** @description Bearer, with error="invalid_token" when a key was sent */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over 16384 bytes. */
            413: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key has not enough budget left for this request (a batch of N needs N); nothing was charged. The body and Retry-After say when to retry. */
            429: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The rate budget cannot be checked right now, so no lookup is served. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories, by key (none before a catalog is published). */
            200: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "categories": [
                     *         {
                     *           "key": "game-consoles",
                     *           "name": "game consoles",
                     *           "products": 15,
                     *           "reviewed": 15
                     *         },
                     *         {
                     *           "key": "headphones",
                     *           "name": "headphones",
                     *           "products": 42,
                     *           "reviewed": 42
                     *         },
                     *         {
                     *           "key": "kettles",
                     *           "name": "kettles",
                     *           "products": 1,
                     *           "reviewed": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CategoryList"];
                };
            };
            /** @description The query string is not percent-encoded UTF-8. */
            400: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key. */
            401: {
                headers: {
                    /** @description Bearer, with error="invalid_token" when a key was sent */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key has not enough budget left for this request (a batch of N needs N); nothing was charged. The body and Retry-After say when to retry. */
            429: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The rate budget cannot be checked right now, so no lookup is served. Or the published catalog was ranked with other synthesis settings than the service's, or before ranks were stored: import it again to browse it (no Retry-After then). */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCategoryProducts: {
        parameters: {
            query?: {
                /** @description "score" (the default): the reviewed products by their rank in the category, best first, then the unreviewed by service_score; "price": the products with an offer by their lowest price, lowest first (ties: higher service_score first), then those without. */
                sort?: "score" | "price";
                /** @description Only products whose service_score is at least this (0 to 100). */
                min_score?: number;
                /** @description Only products with an offer at this price or less (US dollars, above 0). */
                max_price?: number;
                /** @description How many products a page holds: 1 to 20, 10 by default. */
                limit?: number;
                /** @description The next_cursor of the previous page, as it was given, with the same category and sort; absent for the first page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The key of a category, as GET /v1/categories lists it.
                 * @example headphones
                 */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products, in the order asked; next_cursor null on the last. */
            200: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "products": [
                     *         {
                     *           "found": true,
                     *           "id": "example-aurora-x5",
                     *           "product_name": "Example Audio Aurora X5",
                     *           "brand": "Example Audio",
                     *           "category": "headphones",
                     *           "headline": "Example Audio Aurora X5: very good overall (83.8/100 from 2 sources), strongest in performance.",
                     *           "service_score": 83.8,
                     *           "score_basis": "sources",
                     *           "category_rank": {
                     *             "category": "headphones",
                     *             "rank": 3,
                     *             "of": 42,
                     *             "percentile": 95
                     *           },
                     *           "alternatives": [
                     *             {
                     *               "kind": "better",
                     *               "id": "example-aurora-x6",
                     *               "product_name": "Example Audio Aurora X6",
                     *               "brand": "Example Audio",
                     *               "service_score": 89.8,
                     *               "starting_price_usd": 359,
                     *               "source_count": 4,
                     *               "reason": "Scores 89.8 against 83.8 (6 points higher, on 4 sources) from $359, 9% more."
                     *             },
                     *             {
                     *               "kind": "cheaper",
                     *               "id": "example-breeze-2",
                     *               "product_name": "Example Audio Breeze 2",
                     *               "brand": "Example Audio",
                     *               "service_score": 81.8,
                     *               "starting_price_usd": 199.99,
                     *               "source_count": 3,
                     *               "reason": "Scores 81.8 against 83.8 from $199.99, 39% less than $329.99."
                     *             },
                     *             {
                     *               "kind": "top",
                     *               "id": "example-reference-one",
                     *               "product_name": "Example Audio Reference One",
                     *               "brand": "Example Audio",
                     *               "service_score": 92.8,
                     *               "starting_price_usd": 549,
                     *               "source_count": 5,
                     *               "reason": "The best reviewed of 42 in headphones: scores 92.8 on 5 sources."
                     *             }
                     *           ],
                     *           "dimension_scores": [
                     *             {
                     *               "dimension": "performance",
                     *               "score": 87.3,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "build",
                     *               "score": 74,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "usability",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "features",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "reliability",
                     *               "score": 58,
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "dimension": "value",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "dimension": "support",
                     *               "score": 70,
                     *               "basis": "category_prior"
                     *             }
                     *           ],
                     *           "feature_scores": [
                     *             {
                     *               "name": "core_performance",
                     *               "score": 70,
                     *               "dimension": "performance",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "speed",
                     *               "score": 70,
                     *               "dimension": "performance",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "output_quality",
                     *               "score": 88,
                     *               "dimension": "performance",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "energy_efficiency",
                     *               "score": 86,
                     *               "dimension": "performance",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "build_quality",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "materials",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "comfort",
                     *               "score": 74,
                     *               "dimension": "build",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "portability",
                     *               "score": 70,
                     *               "dimension": "build",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "setup",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "ease_of_use",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "controls",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "app_software",
                     *               "score": 70,
                     *               "dimension": "usability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "feature_set",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "connectivity",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "compatibility",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "customization",
                     *               "score": 70,
                     *               "dimension": "features",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "durability",
                     *               "score": 58,
                     *               "dimension": "reliability",
                     *               "basis": "sources"
                     *             },
                     *             {
                     *               "name": "consistency",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "defect_rate",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "longevity",
                     *               "score": 70,
                     *               "dimension": "reliability",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "price_to_performance",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "running_costs",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "resale_value",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "included_extras",
                     *               "score": 70,
                     *               "dimension": "value",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "warranty",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "customer_support",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             },
                     *             {
                     *               "name": "repairability",
                     *               "score": 70,
                     *               "dimension": "support",
                     *               "basis": "category_prior"
                     *             }
                     *           ],
                     *           "highlights": [
                     *             {
                     *               "title": "Output quality",
                     *               "detail": "88/100 from 2 sources (Example Lab 91, Example Forum 88), who agree within 3 points; the category average is 70.",
                     *               "sources": [
                     *                 "Example Lab",
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Energy efficiency",
                     *               "detail": "86/100 from 1 source (Example Lab 86); the category average is 70.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Class-leading noise cancelling",
                     *               "detail": "Stated by 2 sources: Example Lab and Example Forum.",
                     *               "sources": [
                     *                 "Example Lab",
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Long battery life",
                     *               "detail": "Stated by 1 source: Example Lab.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             }
                     *           ],
                     *           "considerations": [
                     *             {
                     *               "title": "Durability",
                     *               "detail": "58/100 from 1 source (Example Forum 58); the category average is 70.",
                     *               "sources": [
                     *                 "Example Forum"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Tight fit for large heads",
                     *               "detail": "Stated by 1 source: Example Lab.",
                     *               "sources": [
                     *                 "Example Lab"
                     *               ]
                     *             },
                     *             {
                     *               "title": "Creaky hinges",
                     *               "detail": "Stated by 1 source: Example Forum.",
                     *               "sources": [
                     *                 "Example Forum"
                     *               ]
                     *             }
                     *           ],
                     *           "source_consensus": [
                     *             {
                     *               "source": "Example Lab",
                     *               "source_type": "lab_test",
                     *               "score": 88,
                     *               "url": "https://lab.example/reviews/aurora-x5",
                     *               "reviewed_at": "2026-10-02T00:00:00.000Z"
                     *             },
                     *             {
                     *               "source": "Example Forum",
                     *               "source_type": "community",
                     *               "score": 81,
                     *               "url": "https://forum.example/t/aurora-x5",
                     *               "reviewed_at": "2026-09-14T00:00:00.000Z"
                     *             }
                     *           ],
                     *           "offers": [
                     *             {
                     *               "retailer_name": "Example Outlet",
                     *               "price": 329.99,
                     *               "price_as_of": "2026-10-31T10:00:00.000Z",
                     *               "buy_url": "https://api.example.com/v1/r/18.k_3f9a2c.Qm9ndXNTaWduYXR1cmVYWQ"
                     *             },
                     *             {
                     *               "retailer_name": "Example Shop",
                     *               "price": 348,
                     *               "price_as_of": "2026-10-30T10:00:00.000Z",
                     *               "buy_url": "https://api.example.com/v1/r/17.k_3f9a2c.Qm9ndXNTaWduYXR1cmVYWQ"
                     *             }
                     *           ],
                     *           "starting_price_usd": 329.99,
                     *           "source_count": 2,
                     *           "resolution": {
                     *             "confidence": 1,
                     *             "other_matches": []
                     *           },
                     *           "as_of": "2026-11-01T00:00:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJzb3J0IjoicHJpY2UiLCJjYXRlZ29yeSI6ImhlYWRwaG9uZXMiLCJhZnRlciI6W2ZhbHNlLDMyOS45OSwtODMuOCwiZXhhbXBsZS1hdXJvcmEteDUiXX0"
                     *     }
                     */
                    "application/json": components["schemas"]["CategoryPage"];
                };
            };
            /** @description A parameter is wrong, named in errors: sort, min_score (0 to 100), max_price (above 0), limit (1 to 20), or a cursor not made for this category and sort. */
            400: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key. */
            401: {
                headers: {
                    /** @description Bearer, with error="invalid_token" when a key was sent */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No category has this key; it costs its lookup. */
            404: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key has not enough budget left for this request (a batch of N needs N); nothing was charged. The body and Retry-After say when to retry. */
            429: {
                headers: {
                    /** @description The budget: `"lookups";q=<limit>;w=<window seconds>` */
                    "RateLimit-Policy"?: string;
                    /** @description The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>` */
                    RateLimit?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The rate budget cannot be checked right now, so no lookup is served. Or the published catalog was ranked with other synthesis settings than the service's, or before ranks were stored: import it again to browse it (no Retry-After then). */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    followPurchaseLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Records the click and redirects to the retailer. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link was tampered with or is unknown; nothing is recorded. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
