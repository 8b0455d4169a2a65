import Foundation
import TestSupport

/// What most live card-edge tests start with: a virtual card attached on `port` (the comparison
/// test double at its seam) and the test templates. A plain value with `close()`, called from the
/// test's `defer`, rather than a closure that wraps the test.
struct CardEdgeFixture {
    let attached: AttachedVirtualCard
    let templates: CardEdgeTemplates

    init(port: UInt16 = 35963) throws {
        attached = try CardEdgeCommandBench.attach(port: port)
        do {
            templates = try CardEdgeTemplates()
        } catch {
            try? attached.detach()
            throw error
        }
    }

    /// Detaches the card (waiting until pcscd reports the reader empty) and removes the templates.
    func close() {
        try? attached.detach()
        templates.remove()
    }
}
