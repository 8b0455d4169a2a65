/// A script cut into the units a run reports: each `test` block, and each run of top-level
/// statements between them (top-level `include`s are opened up first, so their tests count).
struct TestUnit {
    let identity: TestIdentity
    let statements: [Statement]

    /// Whether the unit talks to the card.
    var exchangesWithCard: Bool { statements.contains { $0.exchangesWithCard } }

    /// `test` blocks are always reported; top-level statements only when they talk to the card
    /// (or fail, which the runner decides).
    var isReported: Bool { !identity.isImplicit || exchangesWithCard }

    /// Every unit of `script`, in order.
    static func units(of script: Script) -> [TestUnit] {
        var units: [TestUnit] = []
        var loose: [(statement: Statement, anchor: SourceLocation)] = []
        func flushLoose() {
            guard let first = loose.first else { return }
            let identity = TestIdentity(file: script.file, name: "top level (line \(first.anchor.line))",
                                        location: first.anchor, isImplicit: true)
            units.append(TestUnit(identity: identity, statements: loose.map(\.statement)))
            loose = []
        }
        for (statement, anchor) in flattened(script.statements, anchor: nil) {
            if case .test(let name, let body) = statement.kind {
                flushLoose()
                let identity = TestIdentity(file: script.file, name: name, location: statement.location, isImplicit: false)
                units.append(TestUnit(identity: identity, statements: body))
            } else {
                loose.append((statement, anchor))
            }
        }
        flushLoose()
        return units
    }

    /// Top-level statements with top-level includes opened; the anchor is the location in the
    /// main file (the include statement for included ones).
    private static func flattened(_ statements: [Statement], anchor: SourceLocation?)
        -> [(Statement, SourceLocation)] {
        statements.flatMap { statement -> [(Statement, SourceLocation)] in
            if case .include(_, let body) = statement.kind {
                return flattened(body, anchor: anchor ?? statement.location)
            }
            return [(statement, anchor ?? statement.location)]
        }
    }
}

extension Statement {
    /// Whether running it sends something to the card or reads its ATR.
    var exchangesWithCard: Bool {
        switch kind {
        case .command, .reset, .atr: return true
        case .test(_, let body), .repeatBlock(_, let body), .include(_, let body):
            return body.contains { $0.exchangesWithCard }
        case .assign, .sleep, .option, .reader, .channel: return false
        }
    }
}
