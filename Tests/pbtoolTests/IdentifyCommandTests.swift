import Foundation
import Testing
import TestSupport

@Suite struct IdentifyCommandTests {
    /// Two enrolled users; a swipe of bob's finger names bob, a stranger's names nobody, with and
    /// without --exhaustive (a store this small is compared in full either way).
    @Test func identifyNamesTheOwnerAndNobodyForAStranger() throws {
        let bench = try FlowTestBench()
        for (user, seed) in [("alice", 5), ("bob", 7)] {
            let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", user, "--sensor", "sim:synthetic:\(seed)",
                                                      "--quiet"])
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
        }
        for extra in [[], ["--exhaustive"]] {
            let found = try bench.run(["identify"], ["--sensor", "sim:synthetic:7", "--json"] + extra)
            #expect(found.status == 0, "\(found.standardError)")
            let outcome = FlowTestBench.outcome(found)
            #expect(outcome?["result"] as? String == "identified")
            let candidates = outcome?["candidates"] as? [[String: Any]] ?? []
            #expect(candidates.map { $0["user"] as? String } == ["bob"])
            #expect(candidates.first?["finger"] as? String == "right-index")
        }
        let stranger = try bench.run(["identify"], ["--sensor", "sim:synthetic:6", "--json"])
        #expect(stranger.status == 1, "\(stranger.standardError)")
    }

    @Test func topMustBePositive() throws {
        let bench = try FlowTestBench()
        let refused = try bench.run(["identify"], ["--top", "0", "--sensor", "sim:synthetic:7"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("The value '0' is invalid for '--top <top>': must be a whole number from 1 to 1000"))
    }
}
