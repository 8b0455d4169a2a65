/// How much colour the output can carry.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour escapes (`ESC[38;2;r;g;bm`).
    case trueColor = "truecolor"
    /// The 256-colour palette's 24-step gray ramp plus black and white (`ESC[38;5;nm`).
    case gray256 = "256"
    /// No escapes at all: characters only.
    case plain

    /// The depth for an output stream: plain when it is not a terminal, when `NO_COLOR` is set
    /// (no-color.org) or `TERM=dumb`; true colour when `COLORTERM` says so; else 256 colours.
    public static func detect(environment: [String: String], isTerminal: Bool) -> ColorDepth {
        guard isTerminal, environment["NO_COLOR"].map({ $0.isEmpty }) ?? true, environment["TERM"] != "dumb" else {
            return .plain
        }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .gray256
    }
}
