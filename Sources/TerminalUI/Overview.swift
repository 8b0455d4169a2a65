// TerminalUI: fingerprint pictures, bars and prompts on a terminal.
