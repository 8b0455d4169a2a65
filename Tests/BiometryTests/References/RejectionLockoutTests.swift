import Foundation
import Testing
@testable import Biometry

@Suite struct RejectionLockoutTests {
    @Test func locksAfterTheLimitAndSurvivesTheProcess() throws {
        let store = try TemporaryStore()
        let path = store.path("state/lockout.json")
        let policy = RejectionLockout.Policy(maximumRejections: 3, duration: .seconds(30))
        let now = Date()
        let first = RejectionLockout(policy: policy, path: path)
        #expect(first.status(user: "alice", finger: 2, now: now) == .open(retriesLeft: 3))
        #expect(try first.recordRejection(user: "alice", finger: 2, now: now) == .open(retriesLeft: 2))
        let second = RejectionLockout(policy: policy, path: path)
        #expect(try second.recordRejection(user: "alice", finger: 2, now: now) == .open(retriesLeft: 1))
        #expect(try second.recordRejection(user: "alice", finger: 2, now: now) == .locked(until: now.addingTimeInterval(30)))
        #expect(RejectionLockout(policy: policy, path: path).status(user: "alice", finger: 7, now: now) == .open(retriesLeft: 3))
        #expect(RejectionLockout(policy: policy, path: path).status(user: "alice", finger: 2, now: now.addingTimeInterval(31))
                == .open(retriesLeft: 3))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("alice"))
    }

    @Test func aMatchClearsTheCount() throws {
        let lockout = RejectionLockout(policy: .init(maximumRejections: 2))
        try lockout.recordRejection(user: "bob", finger: 1)
        try lockout.recordMatch(user: "bob", finger: 1)
        #expect(lockout.status(user: "bob", finger: 1) == .open(retriesLeft: 2))
    }

    @Test func aDamagedFileStartsAfresh() throws {
        let store = try TemporaryStore()
        let path = store.path("lockout.json")
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(RejectionLockout(path: path).status(user: "x", finger: 1) == .open(retriesLeft: 5))
    }
}
