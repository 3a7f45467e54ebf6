import { CycleRunRepository } from '../graph/cycle-runs.js';
import { EntityReads, EntityRepository } from '../graph/entities.js';
import { EntityCountReads } from '../graph/entity-counts.js';
import { EraRepository } from '../graph/eras.js';
import { ExportRepository } from '../graph/exports.js';
import type { Graph } from '../graph/graph.js';
import { GroupRepository } from '../graph/groups.js';
import { MaintenanceRepository } from '../graph/maintenance.js';
import { MemoryRepository } from '../graph/memories.js';
import { RecallRepository } from '../graph/recall.js';
import { ReembedRepository } from '../graph/reembed.js';
import { RollupRepository } from '../graph/rollups.js';
import { SummaryRepository } from '../graph/summaries.js';
import { VerifyRepository } from '../graph/verify.js';

/** Every store at the graph boundary, over one Graph: what the cycle, recall and the services read and write. */
export interface Stores {
  memories: MemoryRepository;
  groups: GroupRepository;
  summaries: SummaryRepository;
  runs: CycleRunRepository;
  rollups: RollupRepository;
  maintenance: MaintenanceRepository;
  eras: EraRepository;
  /** Entities as the cycle writes them, and as the API reads them. */
  entities: EntityRepository;
  entityReads: EntityReads;
  /** How often sessions name entities, per period and over an era's span. */
  entityCounts: EntityCountReads;
  recall: RecallRepository;
  exports: ExportRepository;
  integrity: VerifyRepository;
  reembed: ReembedRepository;
}

export function createStores(graph: Graph): Stores {
  return {
    memories: new MemoryRepository(graph),
    groups: new GroupRepository(graph),
    summaries: new SummaryRepository(graph),
    runs: new CycleRunRepository(graph),
    rollups: new RollupRepository(graph),
    maintenance: new MaintenanceRepository(graph),
    eras: new EraRepository(graph),
    entities: new EntityRepository(graph),
    entityReads: new EntityReads(graph),
    entityCounts: new EntityCountReads(graph),
    recall: new RecallRepository(graph),
    exports: new ExportRepository(graph),
    integrity: new VerifyRepository(graph),
    reembed: new ReembedRepository(graph),
  };
}
