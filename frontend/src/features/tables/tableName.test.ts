import { hbaseTableName, newTableName } from './tableName';

describe('table names', () => {
  it('uses the bare qualifier in the default namespace, as HBase prints it', () => {
    expect(hbaseTableName('orders')).toBe('orders');
    expect(hbaseTableName('default:orders')).toBe('orders');
    expect(hbaseTableName('orders', 'default')).toBe('orders');
    expect(hbaseTableName('cpu', 'metrics')).toBe('metrics:cpu');
    expect(hbaseTableName('metrics:cpu', 'metrics')).toBe('metrics:cpu');
  });

  it('builds a new name from the namespace select unless the name brings its own', () => {
    expect(newTableName('default', ' e2e_salted ')).toBe('e2e_salted');
    expect(newTableName('metrics', 'cpu')).toBe('metrics:cpu');
    expect(newTableName('metrics', 'logs:app')).toBe('logs:app');
  });
});
