import BiometricFormats
import Testing

/// The one table where finger names, ISO positions, BioManager containers, CBEFF subtypes and
/// `pb-iso` references meet (docs/card-formats.md).
@Suite struct FingerTests {
    @Test func matchesTheReferenceTable() {
        let table: [(Finger, String, Int, UInt8, UInt8, UInt8)] = [
            (.rightThumb, "right-thumb", 1, 0x05, 8, 0x91), (.rightIndex, "right-index", 2, 0x09, 0, 0x92),
            (.rightMiddle, "right-middle", 3, 0x0D, 2, 0x93), (.rightRing, "right-ring", 4, 0x11, 4, 0x94),
            (.rightLittle, "right-little", 5, 0x15, 6, 0x95), (.leftThumb, "left-thumb", 6, 0x06, 9, 0x96),
            (.leftIndex, "left-index", 7, 0x0A, 1, 0x97), (.leftMiddle, "left-middle", 8, 0x0E, 3, 0x98),
            (.leftRing, "left-ring", 9, 0x12, 5, 0x99), (.leftLittle, "left-little", 10, 0x16, 7, 0x9A),
        ]
        for (finger, name, position, subtype, container, reference) in table {
            #expect(finger.name == name)
            #expect(finger.isoPosition == position)
            #expect(finger.cbeffSubtype == subtype)
            #expect(finger.bioManagerContainer == container)
            #expect(finger.isoReference == reference)
            #expect(Finger(name: name) == finger)
            #expect(Finger(cbeffSubtype: subtype) == finger)
            #expect(Finger(bioManagerContainer: container) == finger)
        }
    }

    @Test func parsesNamesLeniently() {
        #expect(Finger(name: "RIGHT-INDEX") == .rightIndex)
        #expect(Finger(name: "left_little") == .leftLittle)
        #expect(Finger(name: "rightIndex") == .rightIndex)
    }

    @Test func refusesUnknownNamesAndNumbers() {
        #expect(Finger(name: "right-pinky") == nil)
        #expect(Finger(name: "") == nil)
        #expect(Finger(name: "2") == nil)
        #expect(Finger(cbeffSubtype: 0x00) == nil)
        #expect(Finger(cbeffSubtype: 0x08) == nil)
        #expect(Finger(bioManagerContainer: 10) == nil)
    }
}
