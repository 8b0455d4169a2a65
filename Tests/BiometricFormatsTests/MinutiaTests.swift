import BiometricFormats
import Foundation
import Testing

@Suite struct MinutiaTests {
    @Test func kindsUseTheISOCodes() {
        #expect(Minutia.Kind.ending.rawValue == 1)
        #expect(Minutia.Kind.bifurcation.rawValue == 2)
        #expect(Minutia.Kind.other.rawValue == 0)
    }

    @Test func roundTripsThroughJSON() throws {
        let minutia = Minutia(x: 12.5, y: 40, direction: .pi / 2, kind: .bifurcation, quality: 80)
        let decoded = try JSONDecoder().decode(Minutia.self, from: JSONEncoder().encode(minutia))
        #expect(decoded == minutia)
    }
}
