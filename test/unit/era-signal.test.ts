import { describe, expect, it } from 'vitest';
import { eraSignal, eraSignalToCsv } from '../../src/domain/era-signal.js';
import { ERA_DETECTOR, resolveEraParameters } from '../../src/domain/eras.js';

describe('eraSignal', () => {
  const days = [
    // Out of order on purpose: the series is read in day order.
    {
      day: '2024-03-05',
      messageCount: 4,
      topics: [],
      topicWeights: [],
      activeUsers: ['ana'],
      embedding: [0, 1],
    },
    {
      day: '2024-03-04',
      messageCount: 10,
      topics: ['regatta', 'jib, new'],
      topicWeights: [1, 0.5],
      activeUsers: ['ana', 'ben', 'ana'],
      embedding: [1, 0],
    },
    {
      day: '2024-03-06',
      messageCount: null,
      topics: ['kiln'],
      topicWeights: [1],
      activeUsers: null,
      embedding: null,
    },
  ];
  const parameters = resolveEraParameters({ minDays: 21 }, { minDays: 14, maxEras: 10 });

  it('gives each day with its topics in long format, in series order, and states what produced it', () => {
    const signal = eraSignal('team', days, parameters);
    expect(signal).toMatchObject({
      groupId: 'team',
      detector: ERA_DETECTOR,
      parameters: { minDays: 21, maxEras: 10 },
      cut: { from: '2024-03-04', to: '2024-03-06', days: 3, messages: 14 },
    });
    expect(signal.rows).toEqual([
      {
        index: 0,
        day: '2024-03-04',
        messageCount: 10,
        speakerCount: 2,
        embeddingDistance: null,
        topic: 'regatta',
        weight: 1,
      },
      {
        index: 0,
        day: '2024-03-04',
        messageCount: 10,
        speakerCount: 2,
        embeddingDistance: null,
        topic: 'jib, new',
        weight: 0.5,
      },
      // Orthogonal to the day before: distance 1. No topics: one row without.
      {
        index: 1,
        day: '2024-03-05',
        messageCount: 4,
        speakerCount: 1,
        embeddingDistance: 1,
        topic: null,
        weight: null,
      },
      {
        index: 2,
        day: '2024-03-06',
        messageCount: 0,
        speakerCount: 0,
        embeddingDistance: null,
        topic: 'kiln',
        weight: 1,
      },
    ]);
  });

  it('writes it as CSV that pandas and R read, quoting where needed', () => {
    expect(eraSignalToCsv(eraSignal('team', days, parameters))).toBe(
      'index,day,message_count,speaker_count,embedding_distance,topic,weight\n' +
        '0,2024-03-04,10,2,,regatta,1\n' +
        '0,2024-03-04,10,2,,"jib, new",0.5\n' +
        '1,2024-03-05,4,1,1,,\n' +
        '2,2024-03-06,0,0,,kiln,1\n',
    );
  });
});
