// The bench's pure part (e2e/bench/report.ts): statistics, blocking, cells and target checks.
//   npx tsx --test e2e/bench/report.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockingAfter,
  checkLine,
  checkTargets,
  cls,
  compareCell,
  markdownTable,
  median,
  pagesTable,
  resultKey,
  SCROLL_COLUMNS,
  stats,
  statCell,
  TARGETS,
  type PageResult,
  type Results,
  type Sample,
} from './report.ts';

const sample = (over: Partial<Sample>): Sample => ({
  jsRawKB: 0,
  jsKB: 0,
  totalKB: 0,
  requests: 0,
  fcpMs: 0,
  lcpMs: 0,
  clsLoad: 0,
  blockingMs: 0,
  longTaskMs: 0,
  signRequests: 0,
  ...over,
});

describe('statistics', () => {
  it('takes the median of odd and even counts, and min-max', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.deepEqual(stats([1200, 900, 1500]), { median: 1200, min: 900, max: 1500, n: 3 });
    assert.equal(stats([]), undefined);
  });

  it('prints median (min-max), or the single value of one run', () => {
    assert.equal(statCell(stats([1908, 1850, 2004])), '1,908 (1,850-2,004)');
    assert.equal(statCell(stats([0.1234]), 3), '0.123');
    assert.equal(statCell(stats([452.2, 451.9, 452.4])), '452');
    assert.equal(statCell(undefined), '-');
  });
});

describe('blockingAfter', () => {
  it('counts only long tasks after FCP, clipped at FCP, and their part over 50 ms', () => {
    // FCP at 1000: the first task ends before it, the second straddles it (80 ms after), two follow.
    const tasks: [number, number][] = [
      [100, 300],
      [920, 160],
      [1500, 60],
      [2000, 250],
    ];
    assert.deepEqual(blockingAfter(tasks, 1000), { blockingMs: 30 + 10 + 200, longTaskMs: 80 + 60 + 250 });
    assert.deepEqual(blockingAfter([], 1000), { blockingMs: 0, longTaskMs: 0 });
  });
});

describe('cls', () => {
  it('takes the largest window of shifts less than 1 s apart within 5 s, between from and to', () => {
    const shifts: [number, number][] = [
      [100, 0.01],
      [500, 0.02],
      [3000, 0.05],
      [3500, 0.05],
      [9000, 0.2],
    ];
    assert.equal(cls(shifts, 0, 5000).toFixed(3), '0.100');
    assert.equal(cls(shifts).toFixed(3), '0.200');
    assert.equal(cls(shifts, 0, 1000).toFixed(3), '0.030');
  });
});

describe('compareCell', () => {
  it('puts federated beside one bundle with the ratio of medians, and the baseline when measured', () => {
    const samples = {
      federated: [sample({ lcpMs: 1200 }), sample({ lcpMs: 1000 }), sample({ lcpMs: 1100 })],
      bundle: [sample({ lcpMs: 1000 }), sample({ lcpMs: 900 }), sample({ lcpMs: 1000 })],
    };
    assert.equal(compareCell(samples, 'lcpMs', 0, true), '1,100 (1,000-1,200) vs 1,000 (900-1,000) (1.10)');
    assert.equal(
      compareCell({ ...samples, baseline: [sample({ lcpMs: 2200 })] }, 'lcpMs', 0, true),
      '1,100 (1,000-1,200) vs 1,000 (900-1,000) (1.10); before 2,200 (0.50)',
    );
    assert.equal(compareCell(samples, 'graphqlStartMs', 0, false), '-');
  });

  it('leaves out of a pages table the rows and columns with nothing measured', () => {
    const table = pagesTable(
      [
        {
          page: 'group',
          label: 'group',
          samples: { federated: [sample({ lcpMs: 1 })], bundle: [sample({ lcpMs: 1 })] },
        },
        {
          page: 'large',
          label: 'large',
          samples: { federated: [sample({ clsScroll: 0 })], bundle: [sample({ clsScroll: 0.1 })] },
        },
      ],
      SCROLL_COLUMNS,
    );
    assert.equal(table, '| page  | CLS scroll     |\n|-------|----------------|\n| large | 0.000 vs 0.100 |');
  });

  it('lines up a Markdown table', () => {
    assert.equal(
      markdownTable([
        ['page', 'LCP'],
        ['group', '1,100'],
      ]),
      '| page  | LCP   |\n|-------|-------|\n| group | 1,100 |',
    );
  });
});

describe('checkTargets', () => {
  const results: Results = new Map();
  const put = (key: string, result: PageResult) => results.set(key, result);
  const limit = TARGETS.lcpMs.fast4g!.group!;
  put(resultKey('phone', 'fast4g', 'group'), {
    page: 'group',
    label: 'group',
    samples: {
      federated: [
        sample({ lcpMs: limit - 100, jsKB: 380 }),
        sample({ lcpMs: limit + 100, jsKB: 381 }),
        sample({ lcpMs: limit, jsKB: 382 }),
      ],
      bundle: [sample({ jsKB: 300 }), sample({ jsKB: 300 }), sample({ jsKB: 300 })],
    },
  });
  put(resultKey('desktop', 'fast4g', 'group'), {
    page: 'group',
    label: 'group',
    samples: { federated: [sample({ lcpMs: limit + 1, jsKB: 400, clsLoad: 0.0004 })], bundle: [sample({ jsKB: 300 })] },
  });
  put(resultKey('phone', 'fast4g', 'warm'), {
    page: 'warm',
    label: 'group, warm',
    samples: { federated: [sample({ lcpMs: 700 })], bundle: [sample({ lcpMs: 600 })] },
  });
  const checks = checkTargets(results, ['phone', 'desktop'], ['fast4g']);
  const line = (prefix: string) => checkLine(checks.find((c) => c.target.startsWith(prefix))!);

  it('judges the federated median against each target and marks what fails', () => {
    assert.equal(
      line('LCP fast4g'),
      `FAIL  LCP fast4g <= (landing 1,200, groups 1,500, group 1,500, large 1,500) ms: phone group 1,500, desktop group 1,501 FAIL`,
    );
    assert.equal(
      line('group page script'),
      'FAIL  group page script transferred <= 390 KB: phone 381, desktop 400 FAIL',
    );
    assert.match(line('script transferred federated'), /^FAIL .*: phone group 1\.27, desktop group 1\.33 FAIL$/);
    assert.equal(line('warm'), 'PASS  warm group page (new tab, cache kept) fast4g LCP <= 800 ms: phone 700');
  });

  it('lists only the failing items of a target judged in many places', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      where: `p${i}`,
      value: i,
      limit: 8,
      pass: i <= 8,
      digits: 0,
    }));
    assert.equal(checkLine({ target: 'T', items }), 'FAIL  T: p9 9 FAIL; 9 of 10 pass');
    assert.equal(checkLine({ target: 'T', items: items.slice(0, 9) }), 'PASS  T: 9 of 9 pass');
  });

  it('compares CLS at the decimals printed, and leaves out targets nothing measured', () => {
    assert.match(line('CLS'), /^PASS /);
    assert.equal(checks.find((c) => c.target.startsWith('blocking'))?.items.length, 2);
    assert.equal(
      checks.some((c) => c.target.startsWith('LCP slow4g')),
      false,
    );
  });
});
