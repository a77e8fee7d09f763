from .ai import SimpleAI
class GoodAI(SimpleAI):
    pass
