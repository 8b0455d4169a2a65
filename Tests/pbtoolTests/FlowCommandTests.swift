import Foundation
import Testing
import TestSupport

@Suite struct FlowCommandTests {
    @Test func enrollVerifyAndTheExitCodesScriptsRead() throws {
        let bench = try FlowTestBench()
        let hooks = bench.scratch.path("hooks.out")
        try FileManager.default.createDirectory(atPath: bench.scratch.path("config/pbtool"), withIntermediateDirectories: true)
        try """
            [hooks]
            enabled = true
            verification-accepted = "echo \\"$PBTOOL_EVENT $PBTOOL_FINGER\\" >> '\(hooks)'"
            verification-rejected = "echo \\"$PBTOOL_EVENT\\" >> '\(hooks)'"
            """.write(toFile: bench.scratch.path("config/pbtool/config.toml"), atomically: true, encoding: .utf8)
        let log = bench.scratch.path("logs/flow.log")

        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "alice", "--sensor", "sim:synthetic:5",
                                                  "--json", "--log-file", log])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        #expect(FlowTestBench.outcome(enrolled)?["result"] as? String == "enrolled")
        let events = FlowTestBench.events(enrolled)
        #expect(events.filter { $0 == "swipeAccepted" }.count == 3)
        #expect(events.first == "device" && events.last == "finished")
        #expect(try bench.users() == ["alice"])

        let matched = try bench.run(["verify"], ["--finger", "right-index", "--user", "alice", "--sensor", "sim:synthetic:5",
                                                 "--quiet", "--log-file", log])
        #expect(matched.status == 0, "\(matched.standardError)")
        #expect(matched.standardOutput.isEmpty)
        #expect(FileManager.default.fileExists(atPath: log + ".1"))
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("matchAccepted finger=right-index"))

        let stranger = try bench.run(["verify"], ["--any", "--user", "alice", "--sensor", "sim:synthetic:6", "--json"])
        #expect(stranger.status == 1)
        let outcome = FlowTestBench.outcome(stranger)
        #expect(outcome?["result"] as? String == "notMatched")
        #expect((outcome?["comparisons"] as? [[String: Any]])?.first?["retriesLeft"] as? Int == 4)

        let late = try bench.run(["verify"], ["--user", "alice", "--sensor", "sim:synthetic:5", "--sim-finger-delay", "20s",
                                              "--timeout", "0.5s", "--quiet"])
        #expect(late.status == 7)

        let unknown = try bench.run(["verify"], ["--finger", "left-little", "--user", "alice", "--sensor", "sim:synthetic:5"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("left-little is not enrolled for alice"))

        let written = try String(contentsOfFile: hooks, encoding: .utf8)
        #expect(written == "verification-accepted right-index\nverification-rejected\n")
    }

    @Test func ctrlCCancelsEnrollmentReleasesTheSensorAndStoresNothing() throws {
        let bench = try FlowTestBench()
        let process = try StreamingPBTool(["enroll", "--finger", "right-index", "--user", "bob", "--sensor", "sim:synthetic:5",
                                           "--sim-finger-delay", "1h", "--timeout", "1h", "--db", bench.scratch.store, "--key-file", bench.scratch.key]
                                         , environment: bench.environment)
        // Wait until the flow asks for the first swipe, then interrupt it as Ctrl-C would.
        try process.waitForLine { $0.contains("Swipe 1 of 3") }
        process.send(SIGINT)
        let ending = try process.waitForExit()
        // 130, not 7: the wait for the finger stopped at the interrupt.
        #expect(ending.status == 130)
        #expect(ending.standardOutput.contains("Cancelled"))
        #expect(try bench.users().isEmpty)
    }

    @Test func aSensorUnpluggedMidEnrollmentExits8AndStoresNothing() throws {
        let bench = try FlowTestBench()
        let unplugged = try bench.run(["enroll"], ["--finger", "left-index", "--user", "carol", "--sensor", "sim:synthetic:5",
                                                  "--sim-unplug-after", "1"])
        #expect(unplugged.status == 8)
        #expect(unplugged.standardError.contains("unplugged"))
        #expect(try bench.users().isEmpty)
    }

    /// The sensor seam: the simulated sensor vanishes before swipe 2 and comes back when the flow
    /// waits for it; the first accepted swipe is kept and the enrollment finishes.
    @Test func aSensorUnpluggedAndPluggedInAgainContinuesTheEnrollment() throws {
        let bench = try FlowTestBench()
        let replugged = try bench.run(["enroll"], ["--finger", "left-index", "--user", "erin", "--sensor", "sim:synthetic:5",
                                                   "--sim-unplug-after", "1", "--sim-replug", "--json"])
        #expect(replugged.status == 0, "\(replugged.standardError)")
        let events = FlowTestBench.events(replugged)
        let detached = try #require(events.firstIndex(of: "device"))
        #expect(replugged.standardOutput.contains("\"sensorDetached\""))
        #expect(replugged.standardOutput.contains("\"sensorAttached\""))
        #expect(events.filter { $0 == "swipeAccepted" }.count == 3)
        #expect(events[detached...].contains("swipeAccepted"))
        #expect(FlowTestBench.outcome(replugged)?["acceptedSwipes"] as? Int == 3)
        #expect(try bench.users() == ["erin"])
    }

    @Test func withoutASensorTheCommandSaysHowToSimulateOne() throws {
        let bench = try FlowTestBench()
        let missing = try bench.run(["verify"], ["--user", "dan", "--sensor", "auto", "--timeout", "1s"])
        #expect(missing.status == 8)
        #expect(missing.standardError.contains("--sensor sim"))
    }

    @Test(arguments: [
        (["verify", "--finger", "right-index", "--any"], "use one of --finger, --any and --challenge"),
        (["verify", "--fmr", "3"], "The value '3' is invalid for '--fmr <fmr>': must be a rate from 1e-9 to below 1"),
        (["verify", "--json", "--quiet"], "cannot be combined"),
        (["enroll", "--finger", "middle"], "middle"),
        (["enroll", "--finger", "right-index", "--swipes", "0"], "'--swipes <swipes>': must be a whole number from 1 to 10"),
        (["verify", "--sensor", "webcam"], "unknown sensor"),
        (["export", "--encrypt-to", "k.pem", "--out", "p.json"], "--capture"),
        (["practice", "--min-quality", "101"], "--min-quality"),
    ])
    func badArgumentsExit2(arguments: [String], message: String) throws {
        let outcome = try PBToolProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func aWrongKeyOrAMissingStoreIsReportedAndNothingIsSwiped() throws {
        let bench = try FlowTestBench()
        let other = bench.scratch.path("other.key")
        #expect(try PBToolProcess.run(["db", "init", "--db", bench.scratch.path("other.db"), "--key-file", other]).status == 0)
        let wrongKey = try PBToolProcess.run(["verify", "--user", "fay", "--db", bench.scratch.store, "--key-file", other,
                                              "--sensor", "sim:synthetic:5", "--json"],
                                             environment: bench.environment)
        #expect(wrongKey.status == 10)
        #expect(wrongKey.standardError.contains("wrong key"))
        #expect(!FlowTestBench.events(wrongKey).contains("swipeRequested"))
        let missing = try PBToolProcess.run(["enroll", "--finger", "right-index", "--user", "fay",
                                             "--db", bench.scratch.path("missing.db"), "--key-file", bench.scratch.key,
                                             "--sensor", "sim:synthetic:5"],
                                            environment: bench.environment)
        #expect(missing.status == 9)
        #expect(missing.standardError.contains("no template store"))
    }

    @Test func aRateTakesItsThresholdFromTheEnginesCalibration() throws {
        let bench = try FlowTestBench()
        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "erin", "--sensor", "sim:synthetic:5"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let matched = try bench.run(["verify"], ["--user", "erin", "--sensor", "sim:synthetic:5", "--fmr", "1/10000", "--quiet"])
        #expect(matched.status == 0, "\(matched.standardError)")
        let refused = try bench.run(["verify"], ["--user", "erin", "--sensor", "sim:synthetic:5", "--fmr", "1/0"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("The value '1/0' is invalid for '--fmr <fmr>': must be a rate"))
    }
}
