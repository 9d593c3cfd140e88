import test from 'ava';
import { luaMutants } from './lua-mutants';

test('a script\'s comparisons and checks each give their mutants; comments and strings give none', (t) => {
  const source = [
    '--[[ a header: a < b and c ]]',
    "if wallet[AVAILABLE] < held then return 'a < b' end -- when x >= y",
    'if a >= b and not c then return 1 end',
    "local s = 'x == y'",
  ].join('\n');
  const mutants = luaMutants('x.lua', source);
  t.deepEqual(mutants.map((m) => [m.line, m.replacement]), [
    [2, "if wallet[AVAILABLE] <= held then return 'a < b' end -- when x >= y"],
    [2, "if wallet[AVAILABLE] >= held then return 'a < b' end -- when x >= y"],
    [3, 'if a > b and not c then return 1 end'],
    [3, 'if a < b and not c then return 1 end'],
    [3, 'if a >= b or not c then return 1 end'],
    [3, 'if a >= b and c then return 1 end'],
  ]);
  const first = mutants[0]!;
  t.is(first.source.split('\n')[1], first.replacement);
  t.is(first.source.split('\n').length, 4, 'one line changed, the rest as it was');
});

test('arrows and concatenations are no comparisons', (t) => {
  t.deepEqual(luaMutants('x.lua', "local s = a .. '->' .. b\nlocal n = #list"), []);
});
