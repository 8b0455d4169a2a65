import Foundation
import Testing
@testable import Biometry

@Suite struct HookRunnerTests {
    @Test func runsTheEventsCommandWithItsEnvironmentAndRingsForTheRest() throws {
        let store = try TemporaryStore()
        let output = store.path("hook.out")
        let configuration = HookConfiguration(enabled: true, bell: true, commands: [
            .verificationAccepted: "printf '%s %s\\n' \"$PBTOOL_EVENT\" \"$PBTOOL_FINGER\" >> '\(output)'",
        ])
        var bells = 0
        let runner = HookRunner(configuration: configuration) { bells += 1 }
        runner.handle(.matchAccepted(MatchReport(finger: .leftIndex, user: "a", place: .host)))
        runner.handle(.swipeRejected([.tooShort]))
        runner.handle(.framesArrived(count: 2))
        runner.finish(waiting: .seconds(10))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "verification-accepted left-index\n")
        #expect(bells == 1)
    }

    @Test func disabledHooksDoNothing() {
        var bells = 0
        let runner = HookRunner(configuration: HookConfiguration(enabled: false, bell: true, commands: [:])) { bells += 1 }
        runner.handle(.swipeRejected([.tooFast]))
        #expect(bells == 0)
    }
}
