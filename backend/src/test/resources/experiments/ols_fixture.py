"""Writes ols-fixture.json: a factor sweep's data set and statsmodels' OLS of it.

RegressionTest fits the same observations with the sweep's own coding and checks every
coefficient, standard error, t and p value and R² against these. Run offline, once:
  python3 -m venv v && v/bin/pip install statsmodels && v/bin/python ols_fixture.py
"""
import itertools
import json

import numpy as np
import statsmodels
import statsmodels.api as sm

# factors as the sweep codes them: two levels -1/+1, ordered levels by rank -1..+1,
# kinds of more than two levels as indicators after the first
FACTORS = [
    {"key": "blockCache", "levels": ["off", "on"], "ordered": False},
    {"key": "blockSize", "levels": ["16384", "65536"], "ordered": True},
    {"key": "regions", "levels": ["1", "5", "30"], "ordered": True},
    {"key": "compression", "levels": ["NONE", "GZ", "ZSTD"], "ordered": False},
]


def code(f, i):
    n = len(f["levels"])
    if f["ordered"] or n == 2:
        return [(-1 if i == 0 else 1) if n == 2 else -1 + 2.0 * i / (n - 1)]
    return [1.0 if i == j else 0.0 for j in range(1, n)]


def names(f):
    n = len(f["levels"])
    if f["ordered"] or n == 2:
        return [f["key"]]
    return [f["key"] + "=" + f["levels"][j] for j in range(1, n)]


rng = np.random.default_rng(20261127)
levels = []
for rep in range(2):
    for p in itertools.product(*[range(len(f["levels"])) for f in FACTORS]):
        levels.append(list(p))

mains = []  # (name, factor index, values)
for fi, f in enumerate(FACTORS):
    for c, name in enumerate(names(f)):
        mains.append((name, fi, [code(f, row[fi])[c] for row in levels]))
cols = list(mains)
for a, b in itertools.combinations(range(len(mains)), 2):
    if mains[a][1] == mains[b][1]:
        continue
    cols.append((mains[a][0] + " × " + mains[b][0], None,
                 [x * y for x, y in zip(mains[a][2], mains[b][2])]))

X = np.column_stack([np.array(v) for _, _, v in cols])
truth = {"blockCache": -1.2, "regions": 0.8, "compression=GZ": 0.5, "compression=ZSTD": 0.3,
         "blockCache × regions": -0.4}
y = 10.0 + sum(coef * X[:, [n for n, _, _ in cols].index(name)] for name, coef in truth.items())
y = y + rng.normal(0, 0.35, size=len(y))

fit = sm.OLS(y, sm.add_constant(X)).fit()
out = {
    "generatedBy": "statsmodels " + statsmodels.__version__ + " OLS",
    "factors": FACTORS,
    "levels": levels,
    "y": [round(v, 6) for v in y],
}
# refit on the rounded y so the fixture is exact for what it stores
fit = sm.OLS(np.array(out["y"]), sm.add_constant(X)).fit()
out["terms"] = [{"name": n, "coefficient": c, "standardError": s, "t": t, "p": p}
                for n, c, s, t, p in zip(["(intercept)"] + [n for n, _, _ in cols], fit.params, fit.bse,
                                         fit.tvalues, fit.pvalues)]
out["rSquared"] = fit.rsquared
out["adjustedRSquared"] = fit.rsquared_adj
out["errorDf"] = int(fit.df_resid)
with open("ols-fixture.json", "w") as fh:
    json.dump(out, fh, indent=1, ensure_ascii=False)
print(len(levels), "observations,", len(cols) + 1, "coefficients, R²", round(fit.rsquared, 4))
