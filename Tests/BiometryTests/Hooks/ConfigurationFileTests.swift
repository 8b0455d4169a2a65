import Testing
@testable import Biometry

@Suite struct ConfigurationFileTests {
    @Test func readsTheSupportedSubset() throws {
        let file = try ConfigurationFile(parsing: """
            # pbtool
            top = 1
            [hooks]
            enabled = true   # on
            bell = false
            "verification-accepted" = "paplay \\"ok.oga\\" \\u00e9\\ttab"
            swipe-failed = 'printf %s\\n failed'
            count = 1_000
            """)
        #expect(file.value("top", in: "") == .integer(1))
        #expect(file.value("enabled", in: "hooks") == .boolean(true))
        #expect(file.value("verification-accepted", in: "hooks") == .string("paplay \"ok.oga\" é\ttab"))
        #expect(file.value("swipe-failed", in: "hooks") == .string("printf %s\\n failed"))
        #expect(file.value("count", in: "hooks") == .integer(1000))
    }

    @Test(arguments: [
        ("key = \"open", 1, "unterminated string"),
        ("[hooks", 1, "expected ]"),
        ("[[hooks]]", 1, "arrays of tables"),
        ("list = [1, 2]", 1, "arrays and inline tables"),
        ("a.b = 1", 1, "dotted keys"),
        ("x = 1\nx = 2", 2, "appears twice"),
        ("[t]\n[t]", 2, "appears twice"),
        ("= 3", 1, "expected a key"),
        ("name 3", 1, "expected ="),
        ("when = 2024-01-01", 1, "unsupported value"),
        ("s = \"\"\"multi", 1, "multi-line"),
        ("s = \"bad \\q\"", 1, "unknown escape"),
        ("s = \"\\uD800\"", 1, "not a Unicode scalar"),
        ("s = \"x\" trailing", 1, "unexpected text"),
        ("key =", 1, "expected a value"),
    ])
    func reportsMalformedLines(text: String, line: Int, problem: String) {
        #expect {
            _ = try ConfigurationFile(parsing: text)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == line && error.problem.contains(problem)
        }
    }

    @Test func hooksAreOffUnlessEnabled() throws {
        #expect(try HookConfiguration(ConfigurationFile(parsing: "")) == .off)
        let configuration = try HookConfiguration(ConfigurationFile(parsing: "[hooks]\ncard-removed = \"true\""))
        #expect(!configuration.enabled)
        #expect(configuration.commands[.cardRemoved] == "true")
    }

    @Test func hookKeysAndKindsAreChecked() {
        #expect(throws: HookConfigurationError.unknownKey("card-eaten")) {
            try HookConfiguration(ConfigurationFile(parsing: "[hooks]\ncard-eaten = \"x\""))
        }
        #expect(throws: HookConfigurationError.wrongKind(key: "enabled", expected: "true or false")) {
            try HookConfiguration(ConfigurationFile(parsing: "[hooks]\nenabled = \"yes\""))
        }
        #expect(throws: HookConfigurationError.wrongKind(key: "swipe-failed", expected: "a quoted command")) {
            try HookConfiguration(ConfigurationFile(parsing: "[hooks]\nswipe-failed = 3"))
        }
    }

    @Test func aMissingFileMeansOffAndABadOneNamesItself() throws {
        #expect(try HookConfiguration.load(from: "/nonexistent/pbtool/config.toml") == .off)
        let store = try TemporaryStore()
        let path = store.path("config.toml")
        try "[hooks]\nenabled = maybe\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try HookConfiguration.load(from: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("line 2")
        }
    }

    @Test func everySoundEventHasItsFlowEvent() {
        let report = MatchReport(finger: .rightIndex, user: nil, place: .card)
        let events: [BiometryEvent] = [
            .device(.sensorAttached(name: "s")), .device(.sensorDetached(reason: "r")),
            .device(.cardInserted(reader: "r")), .device(.cardRemoved(reader: "r")),
            .matchAccepted(report), .matchRejected(report), .swipeRejected([.tooFast]),
        ]
        #expect(events.compactMap(SoundEvent.init) == SoundEvent.allCases)
        #expect(SoundEvent(.framesArrived(count: 3)) == nil)
    }
}
