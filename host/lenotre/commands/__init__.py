"""The CLI's commands: one module per `lenotre COMMAND` (`add(sub)` declares it, `run(args)`
does it)."""
