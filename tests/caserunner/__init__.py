"""The conformance case runner: `tests/cases/<ruleset>/*.yaml`, one runner for
every ruleset through a small adapter each (format: `tests/cases/README.md`).

- `common.py`: what every case shares (header keys, safe YAML, the `Adapter`
  record, `CaseFormatError`);
- `runner.py`: the registry of adapters by ruleset, `load_case`, `run_case`;
- `board/`: the adapter of the board rulesets (classic, machiavelli);
- `genes/`: the adapter of Genes Mactantes.
"""
