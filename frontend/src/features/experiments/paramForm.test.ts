import type { ExperimentParam } from '../../api/types';
import { ecCoderKindFixture as ec, smallFilesKindFixture } from '../../test/fixtures';
import {
  errorsByField,
  fillParams,
  formFieldOf,
  initialExperimentForm,
  inputFromValue,
  launchBody,
  parseInteger,
  parseIntegerList,
  planText,
  previewBody,
  rangeText,
  toggleOption,
  validateExperiment,
  type ExperimentForm,
} from './paramForm';

const threads = ec.params.find((p) => p.name === 'threads')!;
const cells = ec.params.find((p) => p.name === 'cellsKib')!;
const schemas = ec.params.find((p) => p.name === 'schemas')!;
const mb = ec.params.find((p) => p.name === 'mb')!;

const withParams = (params: ExperimentForm['params'], extra: Partial<ExperimentForm> = {}) => {
  const f = initialExperimentForm(ec);
  return { ...f, ...extra, params: { ...f.params, ...params } };
};

describe('parseIntegerList', () => {
  it('reads comma-separated whole numbers, spaces and a trailing comma allowed', () => {
    expect(parseIntegerList('1, 2,4')).toEqual({ values: [1, 2, 4] });
    expect(parseIntegerList(' 8 ')).toEqual({ values: [8] });
    expect(parseIntegerList('1, 2,')).toEqual({ values: [1, 2] });
  });

  it('names every problem in words', () => {
    expect(parseIntegerList('0,x', threads).error).toBe(
      '0 is below the minimum of 1; "x" is not a whole number',
    );
    expect(parseIntegerList('2.5, 1e3, 65', threads).error).toBe(
      '"2.5" is not a whole number; "1e3" is not a whole number; 65 is above the maximum of 64',
    );
    expect(parseIntegerList('32', cells).error).toBe('32 is below the minimum of 64 KiB');
    expect(parseIntegerList('1,,2').error).toBe('an entry between two commas is empty');
    expect(parseIntegerList('2, 4, 2').error).toBe('2 is listed twice');
    expect(parseIntegerList('  ').error).toBe('enter at least one whole number, e.g. 1, 2, 4');
  });
});

describe('parseInteger and rangeText', () => {
  it('reads one whole number within the bounds', () => {
    expect(parseInteger('32', mb)).toEqual({ value: 32 });
    expect(parseInteger('4', mb).error).toBe('4 is below the minimum of 8 MiB');
    expect(parseInteger('1.5', mb).error).toBe('"1.5" is not a whole number');
    expect(parseInteger('', mb).error).toBe('enter a whole number');
  });

  it('describes the bounds', () => {
    expect(rangeText(cells)).toBe('64–4096 KiB');
    expect(rangeText({ min: 1 })).toBe('≥ 1');
    expect(rangeText({ max: 8, unit: 'files' })).toBe('≤ 8 files');
    expect(rangeText({})).toBe('');
  });
});

describe('filling the form', () => {
  it('opens with the defaults: ticked options, lists as text, one repetition', () => {
    expect(initialExperimentForm(ec)).toEqual({
      params: {
        schemas: ['RS-3-2', 'RS-6-3'],
        coders: ['isa-l', 'java'],
        threads: '1, 2, 4',
        cellsKib: '1024',
        mb: '512',
      },
      repetitions: '1',
      name: '',
    });
    expect(validateExperiment(ec, initialExperimentForm(ec))).toEqual([]);
  });

  it('fills the reduced sizes over the defaults and back, keeping name and repetitions', () => {
    const edited = withParams({ threads: '16' }, { name: 'mine', repetitions: '3' });
    const reduced = fillParams(edited, ec, 'reduced');
    expect(reduced).toEqual({
      name: 'mine',
      repetitions: '3',
      params: {
        schemas: ['RS-3-2'],
        coders: ['isa-l', 'java'],
        threads: '1',
        cellsKib: '1024',
        mb: '32',
      },
    });
    expect(fillParams(reduced, ec, 'defaults').params).toEqual(initialExperimentForm(ec).params);
    // a kind without reduced sizes fills its defaults
    expect(
      fillParams(initialExperimentForm(smallFilesKindFixture), smallFilesKindFixture, 'reduced'),
    ).toEqual(initialExperimentForm(smallFilesKindFixture));
  });

  it('turns JSON values into inputs, dropping options the kind does not offer', () => {
    expect(inputFromValue(schemas, ['RS-6-3', 'LRC', 'RS-3-2'])).toEqual(['RS-3-2', 'RS-6-3']);
    expect(inputFromValue(schemas, 'RS-6-3')).toEqual(['RS-6-3']);
    expect(inputFromValue(threads, 4)).toBe('4');
    expect(inputFromValue(mb, [64])).toBe('64');
    expect(inputFromValue(mb, undefined)).toBe('');
    const noOptions: ExperimentParam = { name: 'x', label: 'X', kind: 'choices', help: '' };
    expect(inputFromValue(noOptions, ['a'])).toEqual([]);
  });
});

describe('toggleOption', () => {
  it('keeps the ticked options in the order the kind lists them', () => {
    expect(toggleOption(schemas, ['RS-6-3'], 'RS-3-2', true)).toEqual(['RS-3-2', 'RS-6-3']);
    expect(toggleOption(schemas, ['RS-3-2', 'RS-6-3'], 'RS-3-2', false)).toEqual(['RS-6-3']);
    expect(toggleOption(schemas, ['RS-3-2'], 'RS-3-2', true)).toEqual(['RS-3-2']);
  });
});

describe('validateExperiment', () => {
  it('checks every param, the repetitions and the name with readable messages', () => {
    const errors = validateExperiment(
      ec,
      withParams(
        { schemas: [], threads: '0,x', mb: 'lots' },
        { repetitions: '6', name: 'n'.repeat(101) },
      ),
    );
    expect(errors).toEqual([
      { field: 'params.schemas', message: 'tick at least one' },
      {
        field: 'params.threads',
        message: '0 is below the minimum of 1; "x" is not a whole number',
      },
      { field: 'params.mb', message: '"lots" is not a whole number' },
      { field: 'repetitions', message: 'must be a whole number from 1 to 5' },
      { field: 'name', message: 'at most 100 characters' },
    ]);
  });
});

describe('server field errors', () => {
  const names = ec.params.map((p) => p.name);

  it('go to the input they name', () => {
    expect(formFieldOf('params.threads', names)).toBe('params.threads');
    expect(formFieldOf('params.threads[1]', names)).toBe('params.threads');
    expect(formFieldOf('threads', names)).toBe('params.threads');
    expect(formFieldOf('body.repetitions', names)).toBe('repetitions');
    expect(formFieldOf('experiment', names)).toBe('experiment');
  });

  it('are joined when several name one input', () => {
    expect(
      errorsByField(
        [
          { field: 'params.threads[0]', message: 'too many' },
          { field: 'params.threads', message: 'exceeds the cores' },
          { field: 'params.fileMb', message: 'beyond free space' },
        ],
        names,
      ),
    ).toEqual({
      'params.threads': 'too many; exceeds the cores',
      'params.fileMb': 'beyond free space',
    });
  });
});

describe('launchBody', () => {
  it('sends every param as JSON: ticked options, lists in the order typed, numbers', () => {
    const f = withParams(
      { schemas: ['RS-3-2', 'RS-6-3'], threads: '4, 1', cellsKib: '1024', mb: '32' },
      { name: '  quick  ', repetitions: '2' },
    );
    expect(launchBody(ec, f)).toEqual({
      experiment: 'ec-coder',
      name: 'quick',
      repetitions: 2,
      params: {
        schemas: ['RS-3-2', 'RS-6-3'],
        coders: ['isa-l', 'java'],
        threads: [4, 1],
        cellsKib: [1024],
        mb: 32,
      },
    });
  });

  it('leaves scratch out: the server starts a scratch cluster for a kind that needs one', () => {
    expect(launchBody(ec, initialExperimentForm(ec))).not.toHaveProperty('scratch');
    const destructive = { ...ec, key: 'reconstruction', scratch: true };
    expect(launchBody(destructive, initialExperimentForm(destructive))).not.toHaveProperty(
      'scratch',
    );
    expect(previewBody(destructive, initialExperimentForm(destructive))).not.toHaveProperty(
      'scratch',
    );
  });

  it('leaves the name out when empty and what does not parse as null', () => {
    const body = launchBody(ec, withParams({ threads: '0,x', mb: '' }));
    expect(body.name).toBeUndefined();
    expect(body.params).toMatchObject({ threads: null, mb: null });
  });

  it('shows what does not parse as typed in the preview, never null', () => {
    const f = withParams({ threads: ' 0,x ', mb: '' }, { repetitions: '1.5' });
    expect(previewBody(ec, f)).toMatchObject({
      params: { threads: '0,x', mb: '', cellsKib: [1024] },
      repetitions: '1.5',
    });
    expect(JSON.stringify(previewBody(ec, withParams({}, { repetitions: '' })))).not.toContain(
      'null',
    );
  });
});

describe('planText', () => {
  it('counts variants, repetitions and runs, with the design when there is one', () => {
    expect(planText({ variants: 1, repetitions: 1, runs: 1 })).toBe(
      '1 variant × 1 repetition = 1 run',
    );
    expect(
      planText(
        { variants: 16, repetitions: 2, runs: 32, design: 'fractional 2^(6−2) resolution IV' },
        (n) => n.toLocaleString('en'),
      ),
    ).toBe('16 variants × 2 repetitions = 32 runs · fractional 2^(6−2) resolution IV');
  });
});
