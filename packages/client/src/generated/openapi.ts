/**
 * Generated from Strata's OpenAPI document (openapi-typescript); do not edit by hand.
 * Regenerate with `npm run client:types` at the repository root; test/unit/client-types.test.ts
 * fails while this file and the server's routes disagree.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Neo4j is reachable and the schema is applied and online */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Store 1 to 1000 memories; idempotent, all or nothing */
        post: operations["postV1GroupsByGroupIdMemories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export a group: its settings and every memory (with summaries and eras on request), as NDJSON */
        get: operations["getV1GroupsByGroupIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group: its time zone, last ingest and cycle, and how much it holds */
        get: operations["getV1GroupsByGroupId"];
        put?: never;
        post?: never;
        /** Delete a group and everything it holds */
        delete: operations["deleteV1GroupsByGroupId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a group's time zone (before its first calendar summaries) and its own era parameters */
        put: operations["putV1GroupsByGroupIdSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a group's graph: day parents, period parents, NEXT_PERIOD chains, counts, vector sizes */
        get: operations["getV1GroupsByGroupIdVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a roll-up cycle for the group now (dryRun=true only counts) */
        post: operations["postV1GroupsByGroupIdAggregate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List summaries, newest first; filter by level and a time window */
        get: operations["getV1GroupsByGroupIdSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/summaries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One summary with its children and NEXT_PERIOD neighbours */
        get: operations["getV1SummariesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/entities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The people, places, organisations and things a group talks about; filter, sort and page them */
        get: operations["getV1GroupsByGroupIdEntities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/entities/over-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entities over time: each period's most mentioned entities; the CSV in long format, one row per period and entity (JSON, or CSV with Accept: text/csv or format=csv) */
        get: operations["getV1GroupsByGroupIdEntitiesOverTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/entities/{entityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One entity: its aliases, when it was seen, mentions per month, what it comes up with, where */
        get: operations["getV1GroupsByGroupIdEntitiesByEntityId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/recall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hybrid search over memories, summaries and eras, expanded down to the words said */
        post: operations["postV1GroupsByGroupIdRecall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A prompt-ready block filled to a token budget by value: what answers the query, the era and recent layers, the latest turns */
        get: operations["getV1GroupsByGroupIdContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Compact a chat history: summarise the older messages, keep the latest whole */
        post: operations["postV1Compact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Topic drift and embedding distance between consecutive periods, with what each measures (JSON, or CSV with Accept: text/csv or format=csv) */
        get: operations["getV1GroupsByGroupIdDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Topics over time in long format, one row per period and topic (JSON, or CSV with Accept: text/csv or format=csv) */
        get: operations["getV1GroupsByGroupIdTopics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/drift/chart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the drift page draws: periods with topics, the drift series and the eras */
        get: operations["getV1GroupsByGroupIdDriftChart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/topics/{name}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One topic's weight in every period of a level */
        get: operations["getV1GroupsByGroupIdTopicsByNameTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/eras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The group's eras in time order, the current one last */
        get: operations["getV1GroupsByGroupIdEras"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/eras/signal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the era detector reads, day by day: messages, speakers, embedding distance and topic weights (JSON, or CSV with format=csv) */
        get: operations["getV1GroupsByGroupIdErasSignal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/eras/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What-if era detection: the eras other detector parameters give, from the stored series; writes nothing */
        post: operations["postV1GroupsByGroupIdErasPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/eras/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The group's eras scored against gold boundaries: Pk, WindowDiff, boundary F1 within a margin, Hausdorff */
        post: operations["postV1GroupsByGroupIdErasScore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{groupId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current era and the topic evolution of the last 12 weeks */
        get: operations["getV1GroupsByGroupIdProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{groupId}/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page with topics over time, the drift curve and era boundaries */
        get: operations["getGroupsByGroupIdDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/reembed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The embedder of the database's vectors, a re-embedding under way, and this server's latest */
        get: operations["getV1AdminReembed"];
        put?: never;
        /** Re-embed the database with this server's embedder in the background (what `strata reembed` does); poll GET */
        post: operations["postV1AdminReembed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/reembed/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a re-embedding with this server’s embedder would do: counts, embedder calls, embedding time */
        post: operations["postV1AdminReembedDryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document for this API */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Browsable API reference (Swagger UI) */
        get: operations["getDocs"];
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
        CompactMessage: {
            /** @enum {string} */
            role: "system" | "user" | "assistant" | "tool";
            content: string;
        };
        CompactRequest: {
            messages: components["schemas"]["CompactMessage"][];
            /**
             * @description Compact only when there are more messages than this
             * @default 20
             */
            threshold?: number;
            /**
             * @description Latest messages kept word for word
             * @default 6
             */
            keepRecent?: number;
        };
        CompactResponse: {
            compacted: boolean;
            /** @description Summary of the older messages; null when not compacted */
            summary: string | null;
            keyPoints: string[];
            /** @description Short lines from the older messages, verbatim: numbers, links, decisions, preferences */
            preservedContext: string[];
            /** @description Messages to keep as they are: system messages from the older part, then the latest ones */
            recent: components["schemas"]["CompactMessage"][];
            warning?: string;
        };
        CycleHealth: {
            /** @description The last (not dry) cycle's status, `running` while one is under way; null before the first */
            lastStatus: ("running" | "succeeded" | "failed" | "stopped" | "skipped") | null;
            /** @description Why the last cycle failed, or the first period it could not summarise; null when none */
            lastError: string | null;
            /** @description Cycles that failed one after the other, up to the last */
            failedInARow: number;
            /** @description Memories no day summary covers yet: the backlog */
            pendingMemories: number;
            /** @description The time of the oldest of them; null when nothing is pending */
            oldestPendingAt: string | null;
            /** @description The last cycle failed or left periods unsummarised, or a memory older than 48 hours waits */
            behind: boolean;
            /** @description Why the group is behind; empty when it keeps up */
            reasons: string[];
        };
        CycleReport: {
            groupId: string;
            runId: string | null;
            dryRun: boolean;
            /**
             * @description stopped: the server shut down during the cycle; it stopped between two periods, what it wrote stays, and the next cycle resumes there
             * @enum {string}
             */
            status: "succeeded" | "failed" | "skipped" | "stopped";
            /** @description Why the cycle was skipped, failed or stopped */
            reason?: string;
            /** @description Skipped because another instance holds the cycle lease: when that lease expires at the latest */
            leaseExpiresAt?: string;
            levels: {
                session: {
                    created: number;
                    updated: number;
                };
                day: {
                    created: number;
                    updated: number;
                };
                week: {
                    created: number;
                    updated: number;
                };
                month: {
                    created: number;
                    updated: number;
                };
                era: {
                    created: number;
                    updated: number;
                };
            };
            decayUpdated: number;
            /** @description What pruning did (or, in a dry run, would do) */
            pruned: {
                /** @description Summaries archived per level: out of recall (no vector), still in the timeline with their topics */
                archived: {
                    session: number;
                    day: number;
                    week: number;
                    month: number;
                };
                /** @description Originals deleted: stored longer than KEEP_ORIGINAL_DAYS ago and covered by a day summary */
                memories: number;
                /** @description Whether this cycle looked for what to prune: a group is pruned by its first cycle of each UTC day (and never with PRUNE_ENABLED false); later cycles that day leave it alone */
                checked: boolean;
            };
            errors: string[];
            /** @description Periods the configured summarizer (an LLM) failed on, summarised by the local one instead; not errors */
            summarizerFallbacks: string[];
            /** @description True when a cycle started now would summarise something (a period this one failed on); periods still open and sessions still active are not pending work until nextWorkAt */
            pendingWork: boolean;
            /** @description When the earliest period still open (end plus grace) or session still active (idle for the gap) becomes ready for a cycle, if nothing new comes; null when nothing waits */
            nextWorkAt: string | null;
            startedAt: string;
            tookMs: number;
        };
        CycleUnavailable: {
            /** @enum {string} */
            error: "neo4j_unavailable" | "shutting_down";
            message: string;
            /** @description For invalid input: each bad field and what is wrong with it */
            issues?: {
                /** @example body.memories.1.ts */
                field: string;
                message: string;
            }[];
            /** @description The Retry-After header as a field: seconds to wait before sending the request again */
            retryAfterSeconds: number;
        };
        DriftChart: {
            /**
             * @description Tenant of the memory graph
             * @example team-alpha
             */
            groupId: string;
            /** @enum {string} */
            level: "day" | "week" | "month";
            /** @description Oldest first */
            periods: {
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                periodStart: string;
                /**
                 * Format: date
                 * @description Exclusive end of the period, YYYY-MM-DD
                 */
                periodEnd: string;
                /** @description The period summary */
                text: string;
                topics: {
                    name: string;
                    /** @description Share of the period given to this topic */
                    weight: number;
                }[];
                /** @description How busy the period was, 0..1 */
                activityScore: number;
                messageCount: number;
            }[];
            /** @description One per period after the first, oldest first */
            drift: {
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                periodStart: string;
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                previousStart: string;
                /** @description Jensen-Shannon divergence (bits, 0 to 1) of the two periods' topic distributions, each smoothed toward the group's background (a topic lends weight to the topics other periods mention with it), so periods of one era read low even when their short topic lists differ. Read this one for era changes. */
                topicDrift: number;
                /** @description The same divergence without smoothing: 1 whenever the two topic lists share nothing, which sparse periods of one era often do. Kept for comparison. */
                jsd: number;
                /** @description 1 - cosine similarity (0 to 2) of the two periods' content vectors: everything said in them, embedded. Word overlap with the hashing embedder, meaning with a semantic one; null when either period has no vector. */
                cosineDistance: number | null;
                /** @description Topics listed now but not in the previous period */
                appeared: string[];
                /** @description Topics listed in the previous period but not now */
                faded: string[];
            }[];
            /** @description Oldest first */
            eras: {
                id: string;
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                start: string;
                /**
                 * Format: date
                 * @description Exclusive end of the era, YYYY-MM-DD
                 */
                end: string;
                theme: string;
                keyTopics: string[];
                /** @description True for the era still open */
                current: boolean;
            }[];
            /** @description What each drift figure measures, in words */
            measures: {
                topicDrift: string;
                jsd: string;
                cosineDistance: string;
            };
        };
        DriftSeries: {
            groupId: string;
            /** @enum {string} */
            level: "day" | "week" | "month";
            points: {
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                periodStart: string;
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 */
                previousStart: string;
                /** @description Jensen-Shannon divergence (bits, 0 to 1) of the two periods' topic distributions, each smoothed toward the group's background (a topic lends weight to the topics other periods mention with it), so periods of one era read low even when their short topic lists differ. Read this one for era changes. */
                topicDrift: number;
                /** @description The same divergence without smoothing: 1 whenever the two topic lists share nothing, which sparse periods of one era often do. Kept for comparison. */
                jsd: number;
                /** @description 1 - cosine similarity (0 to 2) of the two periods' content vectors: everything said in them, embedded. Word overlap with the hashing embedder, meaning with a semantic one; null when either period has no vector. */
                cosineDistance: number | null;
                /** @description Topics listed now but not in the previous period */
                appeared: string[];
                /** @description Topics listed in the previous period but not now */
                faded: string[];
            }[];
            /** @description What each drift figure measures, in words */
            measures: {
                topicDrift: string;
                jsd: string;
                cosineDistance: string;
            };
        };
        EntitiesOverTime: {
            /**
             * @description Tenant of the memory graph
             * @example team-alpha
             */
            groupId: string;
            /** @enum {string} */
            level: "day" | "week" | "month";
            /** @description Entities kept per period */
            top: number;
            /** @description Every period of the level, oldest first */
            periods: {
                /**
                 * Format: date
                 * @description First day of the period (YYYY-MM-DD)
                 */
                periodStart: string;
                /**
                 * Format: date
                 * @description Day after the period (exclusive, YYYY-MM-DD)
                 */
                periodEnd: string;
                /** @description Sessions that start in the period */
                sessionCount: number;
                /** @description Mentions of all its entities together, those past `top` included */
                mentionCount: number;
                /** @description The entities its sessions name most, most mentions first (at most `top`) */
                entities: components["schemas"]["EntityCount"][];
            }[];
        };
        Entity: {
            /** @example team-a:entity:3f9a2c1b0d4e5f67 */
            id: string;
            groupId: string;
            /** @enum {string} */
            kind: "person" | "place" | "organisation" | "product" | "work" | "event" | "other";
            /** @example Ana Costa */
            name: string;
            /**
             * @description Other spellings it was named by: a first name, a title
             * @example [
             *       "Dr. Ana Costa",
             *       "Ana"
             *     ]
             */
            aliases: string[];
            /** @description Start of the first session that names it (UTC) */
            firstSeen: string;
            /** @description End of the last session that names it (UTC) */
            lastSeen: string;
            /** @description How often its sessions name it, all together */
            mentions: number;
            /** @description How many sessions name it */
            sessions: number;
        };
        EntityCount: {
            /** @example team-a:entity:3f9a2c1b0d4e5f67 */
            id: string;
            /** @example Lisbon */
            name: string;
            /** @enum {string} */
            kind: "person" | "place" | "organisation" | "product" | "work" | "event" | "other";
            /** @description How often those sessions name it, all together */
            mentions: number;
            /** @description How many of those sessions name it */
            sessions: number;
        };
        EntityList: {
            entities: components["schemas"]["Entity"][];
            /** @description The offset of the next page; null on the last */
            nextOffset: number | null;
        };
        EntityProfile: {
            entity: components["schemas"]["Entity"];
            /** @description Mentions per month (of its sessions, in the group time zone), oldest first */
            months: {
                /** @example 2024-03 */
                month: string;
                mentions: number;
                sessions: number;
            }[];
            /** @description The entities it comes up with most (CO_OCCURS), most sessions first */
            related: {
                id: string;
                name: string;
                /** @enum {string} */
                kind: "person" | "place" | "organisation" | "product" | "work" | "event" | "other";
                /** @description Sessions that name both */
                sessions: number;
                firstSeen: string;
                lastSeen: string;
            }[];
            /** @description The latest sessions that name it, newest first */
            summaries: {
                id: string;
                /** @enum {string} */
                level: "session" | "day" | "week" | "month";
                startsAt: string;
                endsAt: string;
                text: string;
                mentions: number;
            }[];
            /** @description The latest memories of those sessions that name it (or an alias), newest first */
            memories: {
                id: string;
                text: string;
                speaker: string;
                ts: string;
                summaryId: string;
            }[];
        };
        Era: {
            id: string;
            /** @description First day of the era (YYYY-MM-DD) */
            start: string;
            /** @description Day after the era (exclusive, YYYY-MM-DD) */
            end: string;
            theme: string;
            keyTopics: string[];
            /** @description With entities=true: the entities the sessions that start within the era name most (at most 10), most mentions first */
            entities?: components["schemas"]["EntityCount"][];
            text: string | null;
            current: boolean;
            /** @description The era that older eras were folded into, past the kept count */
            earlier: boolean;
            periodCount: number;
            /**
             * @description What produced the era: the detector and its version, every parameter, the day summaries read (null for an era written before this was kept)
             * @default null
             */
            provenance: {
                detector: string;
                parameters: {
                    [key: string]: number | string | null;
                };
                cut: {
                    from: string | null;
                    to: string | null;
                    days: number;
                    messages: number;
                };
            } | null;
        };
        EraParameters: {
            /** @description Shortest era, in days (ERA_MIN_DAYS) */
            minDays?: number;
            /** @description Eras kept distinct; older ones fold into one earlier era (ERA_MAX_COUNT) */
            maxEras?: number;
            /** @description Change-point penalty (PELT); by default read from the noise of the series */
            penalty?: number;
            /** @description Fewest pooled days in an era, however long it lasts (3) */
            minPeriods?: number;
            /** @description Days with fewer messages are pooled with the next ones, within a week (8) */
            minMessages?: number;
            /** @description How much cheaper a boundary after a long silence is (0.1) */
            silenceWeight?: number;
            /** @description Smallest shift kept between neighbouring eras, in units of one day’s noise (0.1) */
            minShift?: number;
            /**
             * @description What the detector reads of each day: content vectors (embeddings, the default), topics, or both
             * @enum {string}
             */
            signal?: "embeddings" | "topics" | "both";
        };
        EraPreview: {
            /** @description Every parameter the run used, defaults filled in */
            parameters: {
                minDays: number;
                maxEras: number;
                /** @description Null: read from the noise of the series */
                penalty: number | null;
                minPeriods: number;
                minMessages: number;
                silenceWeight: number;
                minShift: number;
                /** @enum {string} */
                signal: "embeddings" | "topics" | "both";
            };
            /** @description The detector and its version: the same data and parameters give the same eras */
            detector: string;
            /** @description The data the detector read */
            cut: {
                /** @description The first day summary read (YYYY-MM-DD) */
                from: string | null;
                /** @description The last day summary read */
                to: string | null;
                /** @description Day summaries read */
                days: number;
                /** @description Messages they summarise */
                messages: number;
            };
            /** @description The eras' ends as ruptures returns them: for each era, the index into the day series of the day after it, the last being the number of days */
            breakpoints: number[];
            eras: {
                start: string;
                /** @description Exclusive */
                end: string;
                theme: string;
                keyTopics: string[];
                current: boolean;
                earlier: boolean;
            }[];
        };
        EraScoreRequest: {
            /** @description Gold boundaries: the first day of each new segment (YYYY-MM-DD) */
            gold: string[];
            /**
             * @description A found boundary this many days or fewer from a gold one counts as right
             * @default 7
             */
            marginDays?: number;
            /** @description The Pk and WindowDiff window in days; half the mean gold segment length by default */
            k?: number;
            /** @description Score the eras these parameters give (as eras/preview) instead of the stored ones */
            preview?: components["schemas"]["EraParameters"];
        };
        EraSignal: {
            groupId: string;
            detector: string;
            /** @description Every parameter the run used, defaults filled in */
            parameters: {
                minDays: number;
                maxEras: number;
                /** @description Null: read from the noise of the series */
                penalty: number | null;
                minPeriods: number;
                minMessages: number;
                silenceWeight: number;
                minShift: number;
                /** @enum {string} */
                signal: "embeddings" | "topics" | "both";
            };
            /** @description The data the detector read */
            cut: {
                /** @description The first day summary read (YYYY-MM-DD) */
                from: string | null;
                /** @description The last day summary read */
                to: string | null;
                /** @description Day summaries read */
                days: number;
                /** @description Messages they summarise */
                messages: number;
            };
            rows: {
                /** @description The day's position in the series (0-based) */
                index: number;
                day: string;
                messageCount: number;
                speakerCount: number;
                /** @description 1 - cosine similarity with the day before; null for the first or without vectors */
                embeddingDistance: number | null;
                topic: string | null;
                weight: number | null;
            }[];
        };
        ErrorBody: {
            /**
             * @description Machine-readable code, e.g. invalid_request
             * @example invalid_request
             */
            error: string;
            message: string;
            /** @description For invalid input: each bad field and what is wrong with it */
            issues?: {
                /** @example body.memories.1.ts */
                field: string;
                message: string;
            }[];
        };
        ExportedEra: {
            id: string;
            /** @description First day of the era (YYYY-MM-DD) */
            start: string;
            /** @description Day after the era (exclusive, YYYY-MM-DD) */
            end: string;
            theme: string;
            keyTopics: string[];
            /** @description With entities=true: the entities the sessions that start within the era name most (at most 10), most mentions first */
            entities?: components["schemas"]["EntityCount"][];
            text: string | null;
            current: boolean;
            /** @description The era that older eras were folded into, past the kept count */
            earlier: boolean;
            periodCount: number;
            /**
             * @description What produced the era: the detector and its version, every parameter, the day summaries read (null for an era written before this was kept)
             * @default null
             */
            provenance: {
                detector: string;
                parameters: {
                    [key: string]: number | string | null;
                };
                cut: {
                    from: string | null;
                    to: string | null;
                    days: number;
                    messages: number;
                };
            } | null;
            /** @constant */
            kind: "era";
        };
        ExportedMemory: {
            /** @constant */
            kind: "memory";
            id: string;
            text: string;
            speaker: string;
            /** Format: date-time */
            ts: string;
            sessionId?: string;
            /** @description Flat map of string, number or boolean values */
            meta?: {
                [key: string]: string | number | boolean;
            };
        };
        ExportedSummary: {
            /** @example team-a:week:2024-04-29 */
            id: string;
            groupId: string;
            /** @enum {string} */
            level: "session" | "day" | "week" | "month";
            /** @description First day of the period (YYYY-MM-DD, group time zone) */
            periodStart: string;
            /** @description Last day of the period, inclusive */
            periodEnd: string;
            /** @description Instant the period starts (UTC) */
            startsAt: string;
            /** @description Instant the period ends, exclusive (UTC); for sessions the last message */
            endsAt: string;
            text: string;
            topics: components["schemas"]["TopicWeight"][];
            highlights: string[];
            activeUsers: string[];
            messageCount: number;
            activityScore: number;
            decay: number;
            /** @description When pruning archived it (decayed): out of recall, still in the timeline; null while active */
            archivedAt: string | null;
            version: number;
            summarizer: string;
            createdAt: string;
            updatedAt: string;
            /** @constant */
            kind: "summary";
            children: string[];
        };
        Group: {
            groupId: string;
            timezone: string;
            createdAt: string | null;
            lastIngestAt: string | null;
            lastCycleAt: string | null;
            /** @description The group's clock: the time of its latest memory; decay and archiving run on it */
            latestMemoryAt: string | null;
            memories: number;
            summaries: number;
            cycle: components["schemas"]["CycleHealth"];
        };
        GroupContext: {
            text: string;
            /** @description The block's tokens, counted as the budget is */
            tokens: number;
            /** @description True when something the group holds for it was left out for the budget */
            truncated: boolean;
        };
        GroupExportEnd: {
            /** @constant */
            kind: "end";
            memories: number;
            summaries: number;
            eras: number;
        };
        GroupExportHeader: {
            /** @constant */
            kind: "strata-export";
            /** @constant */
            format: 1;
            /**
             * @description Tenant of the memory graph
             * @example team-alpha
             */
            groupId: string;
            exportedAt: string;
            settings: {
                timezone: string;
                /** @description The group's own era parameters; absent or null: the server's */
                eras?: components["schemas"]["EraParameters"] | null;
            };
            /** @description Memories the group held when the export began */
            memories: number;
            /** @description Whether summaries and eras follow the memories */
            summaries: boolean;
        };
        GroupProfile: {
            groupId: string;
            currentEra: {
                started: string;
                theme: string;
                keyTopics: string[];
                /** @description With entities=true: the entities the sessions that start within the era name most (at most 10), most mentions first */
                entities?: components["schemas"]["EntityCount"][];
            } | null;
            /** @description The last 12 weeks, oldest first */
            topicEvolution: {
                /** @description Week start (YYYY-MM-DD) */
                period: string;
                topTopics: string[];
                activityScore: number;
            }[];
        };
        GroupSettings: {
            /**
             * @description IANA time zone; only before the first calendar summaries
             * @example Europe/Berlin
             */
            timezone?: string;
            /** @description The group's own era parameters, those eras/preview takes (null: the server's again). A change removes the group's eras; its next cycle detects them afresh */
            eras?: components["schemas"]["EraParameters"] | null;
        };
        GroupSettingsInForce: {
            timezone: string;
            /** @description The group's own era parameters; null: the server's */
            eras: components["schemas"]["EraParameters"] | null;
        };
        IngestResult: {
            /** @description Ids written by this request */
            created: string[];
            /** @description Ids that were already stored (or repeated in the batch); left unchanged */
            existing: string[];
        };
        LeaseHeld: {
            /** @constant */
            error: "lease_held";
            message: string;
            /** @description For invalid input: each bad field and what is wrong with it */
            issues?: {
                /** @example body.memories.1.ts */
                field: string;
                message: string;
            }[];
            /** @description When the holder's lease expires at the latest; it is released sooner when its cycle ends */
            leaseExpiresAt: string;
            /** @description The Retry-After header as a field: seconds to wait before sending the request again */
            retryAfterSeconds: number;
        };
        MemoryBatch: {
            memories: components["schemas"]["MemoryInput"][];
        };
        MemoryInput: {
            /** @description Client id; a content hash is used when absent */
            id?: string;
            text: string;
            speaker: string;
            /** Format: date-time */
            ts: string;
            sessionId?: string;
            /** @description Flat map of string, number or boolean values */
            meta?: {
                [key: string]: string | number | boolean;
            };
        };
        /** @description OpenAPI 3.1 description of every route, this one included */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: {
                title: string;
                version: string;
            } & {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        Readiness: {
            ready: boolean;
            /** @enum {string} */
            neo4j: "reachable" | "unreachable";
            schema?: {
                missing: string[];
                notOnline: string[];
            };
            message?: string;
        };
        RecallDetail: {
            id: string;
            text: string;
            speaker: string;
            ts: string;
            /** @description Similarity of this memory to the query */
            score: number;
            /** @description Ids from the hit down to this memory */
            path: string[];
        };
        RecallExpand: {
            /**
             * @description Neighbouring turns to bring under a memory hit that asks a question (anywhere in it), or whose reply is an assistant's when the query asks what the assistant said: its reply first, then the turn before it (a statement comes alone; an assistant's turn never comes when the query asks about its asker)
             * @default 1
             */
            turns?: number;
            /**
             * @description Expand summary hits down SUMMARIZES to memories
             * @default true
             */
            down?: boolean;
            /**
             * @description Memories to bring back per summary hit: the memories beneath it that the response ranks itself, else the best matches beneath it, else the most similar to the query
             * @default 3
             */
            perSummary?: number;
            /**
             * @description Neighbour periods to follow along NEXT_PERIOD, in each direction
             * @default 1
             */
            sideways?: number;
        };
        RecallItem: {
            id: string;
            /** @enum {string} */
            kind: "memory" | "summary" | "era";
            /** @enum {string} */
            level: "memory" | "session" | "day" | "week" | "month" | "era";
            text: string;
            speaker?: string;
            ts?: string;
            periodStart?: string;
            periodEnd?: string;
            /** @description Relevance, 0..1, on the same scale for every query (see scoreParts) */
            score: number;
            scoreParts: components["schemas"]["ScoreParts"];
            /** @description Ids from the hit down to this item; [id] for the hit itself */
            path: string[];
            details: components["schemas"]["RecallDetail"][];
            neighbours: components["schemas"]["RecallNeighbour"][];
        };
        RecallNeighbour: {
            id: string;
            /** @enum {string} */
            level: "memory" | "session" | "day" | "week" | "month" | "era";
            periodStart: string;
            periodEnd: string;
            text: string;
            /** @enum {string} */
            direction: "previous" | "next";
        };
        RecallRequest: {
            query: string;
            /**
             * @description How many hits to return
             * @default 10
             */
            k?: number;
            /** @description Levels to search; all when absent */
            levels?: ("memory" | "session" | "day" | "week" | "month" | "era")[];
            /** @description Start of the time window (inclusive) */
            from?: string;
            /** @description End of the time window (exclusive; a plain date includes that whole day) */
            to?: string;
            /**
             * Format: date-time
             * @description The moment the question is asked (default now): "yesterday", "two weeks ago", "last Saturday", "in March" resolve against it on the group's calendar, and nothing after it is returned
             */
            asOf?: string;
            /** @default {} */
            expand?: components["schemas"]["RecallExpand"];
            /**
             * @description Search with vectors and full text fused (default), or with one side only
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "vector" | "lexical";
            /** @description Relevance floor: hits come back only when one of them has a score (relevance, 0..1) of at least this, and then those scoring at least two thirds of it; the server default (RECALL_MIN_RELEVANCE) when absent, 0 returns every hit */
            minScore?: number;
        };
        RecallResponse: {
            query: string;
            k: number;
            items: components["schemas"]["RecallItem"][];
            /** @description The relevance floor this response was cut at */
            minScore: number;
            /** @description True when nothing reached a positive floor: the group holds no answer to the query */
            abstained: boolean;
            /** @description The group's people, places and things the query names, by name or alias; a name's other spellings were searched too */
            entities: components["schemas"]["Entity"][];
            tookMs: number;
        };
        ReembedCounts: {
            memories: number;
            summaries: number;
            eras: number;
        };
        ReembedEstimate: {
            pending: components["schemas"]["ReembedCounts"];
            /** @description Texts to embed: a memory's, a summary's one or two, an era's */
            texts: number;
            /** @description Embedder calls: per page and kind, in the embedder’s parts */
            calls: number;
            /** @description Embedding time, from a sample of memories embedded now */
            embedSeconds: number;
        };
        ReembedReport: {
            /**
             * @description switch: into the other slot, then the database reads it; fill: what the database's slot lacks
             * @enum {string}
             */
            mode: "switch" | "fill";
            /** @description The embedder the database's vectors came from */
            from: string | null;
            to: string;
            /**
             * @description The vector slot filled
             * @enum {string}
             */
            slot: "a" | "b";
            /** @description A stopped run's work carried on */
            resumed: boolean;
            embedded: components["schemas"]["ReembedCounts"];
            calls: number;
            seconds: number;
            phaseSeconds: {
                memories: number;
                summaries: number;
                eras: number;
                indexes: number;
            };
            switched: boolean;
            stopped: boolean;
            /** @description A dry run: what a run would do */
            estimate?: components["schemas"]["ReembedEstimate"];
        };
        ReembedRequest: {
            /**
             * @description Nodes read, embedded and written together
             * @default 1000
             */
            pageSize?: number;
        };
        ReembedStatus: {
            database: {
                /** @description The embedder the database's vectors come from */
                embedder: string | null;
                dimension: number | null;
                /** @enum {string} */
                slot: "a" | "b";
                /** @description A re-embedding under way, or stopped, into the other slot: its embedder */
                reembedTo: string | null;
            };
            configured: {
                embedder: string;
                dimension: number;
            };
            /** @description This server's latest re-embedding, if it ran one since it started */
            job: {
                /** @enum {string} */
                state: "running" | "succeeded" | "failed";
                startedAt: string;
                finishedAt: string | null;
                done: number;
                total: number;
                report: components["schemas"]["ReembedReport"] | null;
                error: string | null;
            } | null;
        };
        ScoreParts: {
            /** @description The reported score: how much of the query the hit (with its neighbouring turns) holds, each query term weighted by its rarity in the group; 0..1 on the same scale for every query */
            relevance: number;
            /** @description What the order follows: fused rank x decay x level weight */
            rank: number;
            /** @description Cosine similarity from the vector index, if it matched (with the hashing embedder the index is searched only when full text finds nothing) */
            vector: number | null;
            /** @description Full-text score (BM25 on the group's own word statistics, with the turns around it), if it matched */
            lexical: number | null;
            /** @description Reciprocal-rank fusion of both lists, 0..1 */
            fused: number;
            /** @description Freshness of the hit, 0..1 (1 for raw memories) */
            decay: number;
            /** @description Weight given to the hit level */
            levelWeight: number;
        };
        SegmentationScore: {
            /** @description The first day scored: the first era starts on it */
            firstDay: string;
            /** @description The last day scored: the last era ends after it */
            lastDay: string;
            /** @description Units scored: the days from firstDay to lastDay */
            days: number;
            goldBoundaries: number;
            foundBoundaries: number;
            /** @description The Pk and WindowDiff window in days (default: half the mean gold segment length, as NLTK) */
            k: number;
            /** @description Pk (Beeferman et al. 1999), as nltk.metrics.segmentation.pk; 0 is perfect */
            pk: number;
            /** @description WindowDiff (Pevzner and Hearst 2002), as nltk.metrics.segmentation.windowdiff */
            windowDiff: number;
            marginDays: number;
            /** @description Found boundaries within marginDays of a gold one (each used once) */
            precision: number;
            /** @description Gold boundaries with a found one within marginDays */
            recall: number;
            f1: number;
            /** @description The farthest a boundary lies from the nearest of the other side; null when a side has none */
            hausdorffDays: number | null;
        };
        Summary: {
            /** @example team-a:week:2024-04-29 */
            id: string;
            groupId: string;
            /** @enum {string} */
            level: "session" | "day" | "week" | "month";
            /** @description First day of the period (YYYY-MM-DD, group time zone) */
            periodStart: string;
            /** @description Last day of the period, inclusive */
            periodEnd: string;
            /** @description Instant the period starts (UTC) */
            startsAt: string;
            /** @description Instant the period ends, exclusive (UTC); for sessions the last message */
            endsAt: string;
            text: string;
            topics: components["schemas"]["TopicWeight"][];
            highlights: string[];
            activeUsers: string[];
            messageCount: number;
            activityScore: number;
            decay: number;
            /** @description When pruning archived it (decayed): out of recall, still in the timeline; null while active */
            archivedAt: string | null;
            version: number;
            summarizer: string;
            createdAt: string;
            updatedAt: string;
        };
        SummaryDetail: {
            summary: components["schemas"]["Summary"];
            /** @description Ids of what it summarises: memories, or summaries a level down */
            children: string[];
            /** @description Ids of the summaries (or era) that summarise it */
            parents: string[];
            /** @description NEXT_PERIOD predecessor at the same level */
            previous: string | null;
            /** @description NEXT_PERIOD successor at the same level */
            next: string | null;
        };
        TopicsOverTime: {
            /**
             * @description Tenant of the memory graph
             * @example team-alpha
             */
            groupId: string;
            /** @enum {string} */
            level: "day" | "week" | "month";
            /** @description Oldest period first, heaviest topic first */
            rows: {
                /**
                 * Format: date
                 * @description First day of the period (YYYY-MM-DD)
                 */
                periodStart: string;
                /**
                 * Format: date
                 * @description Day after the period (exclusive, YYYY-MM-DD)
                 */
                periodEnd: string;
                /** @description The topic as shown ("Lisbon", "seating plan") */
                topic: string;
                /** @description Its normalised name, the same in every period: join and pivot on this */
                key: string;
                /** @description Class-based TF-IDF weight in the period, relative to the period's top topic (1) */
                weight: number;
                /** @description The weight's share of the period's topic weights */
                share: number;
                /** @description 1 for the heaviest topic of the period */
                rank: number;
                /** @description Messages in the period */
                messageCount: number;
            }[];
        };
        TopicTimeline: {
            groupId: string;
            /** @description The normalised topic name */
            topic: string;
            /** @enum {string} */
            level: "day" | "week" | "month";
            points: {
                periodStart: string;
                weight: number;
            }[];
        };
        TopicWeight: {
            name: string;
            weight: number;
        };
        Unavailable: {
            /** @constant */
            error: "neo4j_unavailable";
            message: string;
            /** @description For invalid input: each bad field and what is wrong with it */
            issues?: {
                /** @example body.memories.1.ts */
                field: string;
                message: string;
            }[];
            /** @description The Retry-After header as a field: seconds to wait before sending the request again */
            retryAfterSeconds: number;
        };
        VerifyReport: {
            groupId: string;
            /** @description True when every check holds */
            ok: boolean;
            checks: {
                /** @enum {string} */
                check: "memory-day-parent" | "period-parent" | "next-period-chain" | "summary-counts" | "vectors" | "entity-counts" | "entity-groups" | "term-counts" | "turn-links";
                description: string;
                ok: boolean;
                findings: {
                    /** @enum {string} */
                    check: "memory-day-parent" | "period-parent" | "next-period-chain" | "summary-counts" | "vectors" | "entity-counts" | "entity-groups" | "term-counts" | "turn-links";
                    where: string;
                    count: number;
                    /** @description Up to five ids (or chain figures) to start looking from */
                    examples: string[];
                }[];
                /** @description Why the check did not run this time (work under way that it would misread) */
                skipped?: string;
            }[];
            /** @description Work the next cycle will take; not a fault */
            pending: {
                memories: number;
            };
            /** @description Whether the group's cycles keep up: a sound graph can still be behind (`strata verify` exits 4) */
            cycle: components["schemas"]["CycleHealth"];
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
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description not ready, with the reason */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    postV1GroupsByGroupIdMemories: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "memories": [
                 *         {
                 *           "text": "Shall we move the retro to Thursday?",
                 *           "speaker": "ana",
                 *           "ts": "2024-05-02T09:30:00Z",
                 *           "sessionId": "standup-42"
                 *         },
                 *         {
                 *           "id": "msg-1002",
                 *           "text": "Thursday works for me.",
                 *           "speaker": "ben",
                 *           "ts": "2024-05-02T09:31:10+02:00",
                 *           "meta": {
                 *             "channel": "general"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["MemoryBatch"];
            };
        };
        responses: {
            /** @description ids created and ids already stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestResult"];
                };
            };
            /** @description invalid items, each with its field path */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description an id already belongs to another group; nothing was written */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdExport: {
        parameters: {
            query?: {
                /** @description Also the group's summaries, level by level, and its eras, after the memories */
                summaries?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description NDJSON, one object a line: a header, the memories oldest first, summaries and eras when asked for, and an end line with the counts (a response without it was cut short) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["GroupExportHeader"] | components["schemas"]["ExportedMemory"] | components["schemas"]["ExportedSummary"] | components["schemas"]["ExportedEra"] | components["schemas"]["GroupExportEnd"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown group */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown group */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    deleteV1GroupsByGroupId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                    };
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group, or has no admin scope (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    putV1GroupsByGroupIdSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timezone": "Europe/Berlin",
                 *       "eras": {
                 *         "minDays": 21
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GroupSettings"];
            };
        };
        responses: {
            /** @description the settings now in force */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupSettingsInForce"];
                };
            };
            /** @description not an IANA time zone, an era parameter out of range, or neither given */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group, or has no admin scope (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the group already has day, week or month summaries in another time zone */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every check, with up to five examples of each finding */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyReport"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown group */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    postV1GroupsByGroupIdAggregate: {
        parameters: {
            query?: {
                /** @description Count what a cycle would do; write nothing */
                dryRun?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description what the cycle created, updated and pruned per level */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CycleReport"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown group, or deleted while the cycle ran */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description another instance holds this group's cycle lease: nothing was done; Retry-After says when to try again */
            409: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaseHeld"];
                };
            };
            /** @description Neo4j is unavailable, or the server shut down during the cycle (what it wrote stays, the next cycle resumes there): send the request again after Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CycleUnavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdSummaries: {
        parameters: {
            query?: {
                level?: "session" | "day" | "week" | "month";
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description summaries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        summaries: components["schemas"]["Summary"][];
                    };
                };
            };
            /** @description invalid level, window or limit */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1SummariesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryDetail"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no summary with that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdEntities: {
        parameters: {
            query?: {
                kind?: "person" | "place" | "organisation" | "product" | "work" | "event" | "other";
                /** @description Part of its name or of an alias, in any case */
                name?: string;
                /** @description Entities last seen at or after this */
                from?: string;
                /** @description Entities first seen before this */
                to?: string;
                /** @description Most mentioned first, or most recently seen first */
                sort?: "mentions" | "recent";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of entities */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntityList"];
                };
            };
            /** @description invalid kind, window, sort, limit or offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown group */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdEntitiesOverTime: {
        parameters: {
            query?: {
                level?: "day" | "week" | "month";
                /** @description First period start to include (YYYY-MM-DD) */
                from?: string;
                /** @description Period starts before this date (YYYY-MM-DD) */
                to?: string;
                /** @description csv is the same as Accept: text/csv */
                format?: "json" | "csv";
                /** @description The most mentioned entities kept per period (1-100) */
                top?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every period of the level with the entities its sessions name most */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitiesOverTime"];
                };
            };
            /** @description unknown level, bad window, or top out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdEntitiesByEntityId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
                entityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the entity profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntityProfile"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no entity of that id in the group */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    postV1GroupsByGroupIdRecall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "when did we plan the lake trip?",
                 *       "k": 5,
                 *       "levels": [
                 *         "memory",
                 *         "day",
                 *         "week"
                 *       ],
                 *       "expand": {
                 *         "perSummary": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RecallRequest"];
            };
        };
        responses: {
            /** @description ranked items with score parts, paths and expanded details */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecallResponse"];
                };
            };
            /** @description empty query, k over 100, from after to, or an unknown level */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdContext: {
        parameters: {
            query?: {
                /** @description Most tokens the block may take, in the CONTEXT_TOKENIZER encoding (o200k_base by default) */
                budgetTokens?: number;
                /** @description A question or topic: what recall finds for it comes first */
                query?: string;
                /** @description The moment the question is asked (default now): "yesterday", "two weeks ago", "last Saturday", "in March" resolve against it on the group's calendar, and nothing after it is returned */
                asOf?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the block and its tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupContext"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    postV1Compact: {
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
                 *       "messages": [
                 *         {
                 *           "role": "user",
                 *           "content": "Book the cabin for July 12 to 14."
                 *         },
                 *         {
                 *           "role": "assistant",
                 *           "content": "Booked, confirmation 4471."
                 *         }
                 *       ],
                 *       "threshold": 20,
                 *       "keepRecent": 6
                 *     }
                 */
                "application/json": components["schemas"]["CompactRequest"];
            };
        };
        responses: {
            /** @description the compacted history, or the messages unchanged with a warning */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompactResponse"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getV1GroupsByGroupIdDrift: {
        parameters: {
            query?: {
                level?: "day" | "week" | "month";
                /** @description First period start to include (YYYY-MM-DD) */
                from?: string;
                /** @description Period starts before this date (YYYY-MM-DD) */
                to?: string;
                /** @description csv is the same as Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the drift series */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriftSeries"];
                };
            };
            /** @description unknown level or bad window */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdTopics: {
        parameters: {
            query?: {
                level?: "day" | "week" | "month";
                /** @description First period start to include (YYYY-MM-DD) */
                from?: string;
                /** @description Period starts before this date (YYYY-MM-DD) */
                to?: string;
                /** @description csv is the same as Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the topic x period table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicsOverTime"];
                };
            };
            /** @description unknown level or bad window */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdDriftChart: {
        parameters: {
            query?: {
                level?: "day" | "week" | "month";
                /** @description First period start to include (YYYY-MM-DD) */
                from?: string;
                /** @description Period starts before this date (YYYY-MM-DD) */
                to?: string;
                /** @description csv is the same as Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the chart document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriftChart"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdTopicsByNameTimeline: {
        parameters: {
            query?: {
                level?: "day" | "week" | "month";
                /** @description First period start to include (YYYY-MM-DD) */
                from?: string;
                /** @description Period starts before this date (YYYY-MM-DD) */
                to?: string;
                /** @description csv is the same as Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicTimeline"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdEras: {
        parameters: {
            query?: {
                /** @description Add each era's most named entities (reads every session link in its span: slower on long eras) */
                entities?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description eras */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eras: components["schemas"]["Era"][];
                    };
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdErasSignal: {
        parameters: {
            query?: {
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one row per day and topic, in the order eras/preview breakpoints index; the JSON also states the detector, the parameters and the data cut */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EraSignal"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    postV1GroupsByGroupIdErasPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "minDays": 21,
                 *       "maxEras": 6
                 *     }
                 */
                "application/json": components["schemas"]["EraParameters"];
            };
        };
        responses: {
            /** @description the eras and every parameter used; with none changed, what a cycle computes from the whole history at once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EraPreview"];
                };
            };
            /** @description a parameter out of range, or one the detector does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    postV1GroupsByGroupIdErasScore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "gold": [
                 *         "2024-03-04",
                 *         "2024-06-17"
                 *       ],
                 *       "marginDays": 7
                 *     }
                 */
                "application/json": components["schemas"]["EraScoreRequest"];
            };
        };
        responses: {
            /** @description the scores, over the days the eras cover (Pk and WindowDiff as NLTK computes them) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentationScore"];
                };
            };
            /** @description a gold day that is not a date, or a margin or window out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the group has no eras yet */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getV1GroupsByGroupIdProfile: {
        parameters: {
            query?: {
                /** @description Add each era's most named entities (reads every session link in its span: slower on long eras) */
                entities?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupProfile"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Neo4j is unavailable: nothing was written; send the same request again after Retry-After */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the same request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getGroupsByGroupIdDrift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Tenant of the memory graph
                 * @example team-alpha
                 */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getV1AdminReembed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the vectors and the latest re-embedding */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReembedStatus"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group, or has no admin scope (the same answer whether it exists or not) */
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
    postV1AdminReembed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "pageSize": 1000
                 *     }
                 */
                "application/json": components["schemas"]["ReembedRequest"];
            };
        };
        responses: {
            /** @description started: the status, its job running */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReembedStatus"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group, or has no admin scope (the same answer whether it exists or not) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description a re-embedding this server started is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postV1AdminReembedDryRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "pageSize": 1000
                 *     }
                 */
                "application/json": components["schemas"]["ReembedRequest"];
            };
        };
        responses: {
            /** @description the estimate, nothing written */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReembedReport"];
                };
            };
            /** @description missing or wrong bearer key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the key may not use this group, or has no admin scope (the same answer whether it exists or not) */
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
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
}
