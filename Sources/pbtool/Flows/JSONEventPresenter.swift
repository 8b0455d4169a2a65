import Biometry
import Foundation

/// `--json`: one JSON object per event on standard output (docs/enroll.md lists the shapes).
/// Images appear as their size, never their pixels.
final class JSONEventPresenter: EventPresenter {
    func present(_ event: BiometryEvent) {
        // Every member is a plain value, so encoding cannot fail. Until `finished` the stream
        // is open: a failure then still ends it with a `finished` object (JSONFailure).
        var closes = false
        if case .finished = event { closes = true }
        try? JSONOutput.printLine(EventJSON(event), closes: closes)
    }
}
