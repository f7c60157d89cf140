"""`genes` as a plugin (Genes Mactantes, 002): the plugin and its `region` command."""

from adjudicator.plugins.genes.plugin import declaration_names, ruleset

__all__ = ["declaration_names", "ruleset"]
