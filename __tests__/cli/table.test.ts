// The CLI's tables (--output table, the default at a terminal): aligned columns, no box drawing, server
// text made safe, money to the fen.
import { formatTable, outputsTable } from '../../src/cli/table.js';

describe('formatTable', () => {
  it('aligns the columns under their names in capitals, wide characters counted as two columns', () => {
    const table = formatTable({
      columns: ['region', 'region_name', 'stock'],
      money: [],
      rows: [
        { region: 'beijing-jxq-p1', region_name: '北京一区', stock: '41' },
        { region: 'gd', region_name: 'x', stock: '7' }
      ]
    });
    expect(table).toBe(
      [
        'REGION          REGION_NAME  STOCK',
        'beijing-jxq-p1  北京一区     41',
        'gd              x            7',
        ''
      ].join('\n')
    );
  });

  it('shows money to the fen, and server text on one line, cut, and never as a workflow command', () => {
    const table = formatTable({
      columns: ['name', 'cost'],
      money: ['cost'],
      rows: [
        { name: '::warning::x\nnext', cost: '0.000006' },
        { name: 'y'.repeat(100), cost: '1.985' }
      ]
    });
    const lines = table.split('\n');
    expect(lines[1]).toMatch(/^"::warning::x next" +less than 0\.01 yuan$/);
    expect(lines[2]).toMatch(/^y{79}… +1\.99 yuan$/);
    expect(lines.every((line) => !line.startsWith('::'))).toBe(true);
  });

  it('says there are no rows in one line', () => {
    expect(formatTable({ columns: ['a'], money: [], rows: [] })).toBe('(no rows)\n');
  });
});

describe('outputsTable', () => {
  it('lists only the outputs that say something', () => {
    const outputs = new Map([
      ['task_id', '7'],
      ['url', ''],
      ['task_ids', '["7"]'],
      ['urls', '[]'],
      ['statuses', '{}']
    ]);
    expect(outputsTable(outputs)).toBe(['OUTPUT    VALUE', 'task_id   7', 'task_ids  ["7"]', ''].join('\n'));
  });

  // Regression (issue 63, point 8): the table showed `cost 0.002625`, with no unit and to the millionth,
  // where everything else a person reads shows yuan to the fen (the JSON keeps the exact figure).
  it('shows money as a person reads it everywhere: yuan to the fen, with its unit', () => {
    const outputs = new Map([
      ['cost', '0.002625'],
      ['total_cost', '12.345678'],
      ['billing_value', '1990000'],
      ['volume_price', '0.35'],
      ['price', '1880']
    ]);
    expect(outputsTable(outputs)).toBe(
      [
        'OUTPUT         VALUE',
        'cost           less than 0.01 yuan',
        'total_cost     12.35 yuan',
        'billing_value  1.99 yuan',
        'volume_price   0.35 yuan per GB a month',
        'price          1880',
        ''
      ].join('\n')
    );
    const several = new Map([
      ['cost', '{"7":6.710950,"8":null,"9":0.000001}'],
      ['billing_value', '[6710400,null,1]']
    ]);
    expect(outputsTable(several)).toBe(
      [
        'OUTPUT         VALUE',
        'cost           7: 6.71 yuan, 8: unknown, 9: less than 0.01 yuan',
        'billing_value  6.71 yuan, unknown, less than 0.01 yuan',
        ''
      ].join('\n')
    );
  });
});
