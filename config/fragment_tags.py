"""``{% fragment "name" value1 value2 %}...{% endfragment %}``: the enclosed template,
rendered once per distinct set of values and kept in the shared cache
(config/fragments.py: content-addressed, so never stale; rendered directly when the
cache is down). The values must determine everything the enclosed template shows."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token

from config.fragments import cached_fragment

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist: NodeList, name: str, values: list[FilterExpression]) -> None:
        self.nodelist = nodelist
        self.name = name
        self.values = values

    def render(self, context: Any) -> str:
        parts = tuple(value.resolve(context) for value in self.values)
        return cached_fragment(self.name, parts, lambda: self.nodelist.render(context))


@register.tag("fragment")
def do_fragment(parser: Parser, token: Token) -> FragmentNode:
    bits = token.split_contents()
    if len(bits) < 3:
        raise template.TemplateSyntaxError(
            "{% fragment %} takes a quoted name and at least one value it is keyed on"
        )
    name = bits[1].strip("\"'")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(nodelist, name, [parser.compile_filter(bit) for bit in bits[2:]])
