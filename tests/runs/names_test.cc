// Names (SPEC section 8): 1 to 24 characters after trimming, NFC, letters, digits, space and
// `_ - .`; nothing invisible or markup; reserved names refused case-folded; one owner per
// case-folded name.
#include <gtest/gtest.h>

#include "core/hash.h"
#include "runs/names.h"
#include "runs/secrets.h"

namespace gb::runs {
namespace {

TEST(Names, PlainNamesAreAcceptedTrimmed) {
  CheckedName n = check_name("  Ada Lovelace_2.0-b  ");
  EXPECT_EQ(n.issue, "");
  EXPECT_EQ(n.display, "Ada Lovelace_2.0-b");
  EXPECT_EQ(n.key, "ada lovelace_2.0-b");
}

TEST(Names, LettersOfAnyScriptAreLetters) {
  EXPECT_EQ(check_name("Zoë").issue, "");
  EXPECT_EQ(check_name("Łukasz").issue, "");
  EXPECT_EQ(check_name("ユキ").issue, "");
  EXPECT_EQ(check_name("Ἀθηνᾶ").issue, "");
}

TEST(Names, NamesAreStoredInNfc) {
  // "e" followed by a combining acute accent composes to U+00E9.
  CheckedName n = check_name("Jose\xCC\x81");
  EXPECT_EQ(n.issue, "");
  EXPECT_EQ(n.display, "Jos\xC3\xA9");
  EXPECT_EQ(n.key, check_name("JOS\xC3\x89").key) << "one owner whatever the case or form";
}

TEST(Names, LengthIsCountedInCharactersAfterTrimming) {
  EXPECT_EQ(check_name(std::string(24, 'a')).issue, "");
  EXPECT_EQ(check_name(std::string(25, 'a')).issue, "name: longer than 24 characters");
  EXPECT_EQ(check_name("   ").issue, "name: empty after trimming");
  EXPECT_EQ(check_name("").issue, "name: empty after trimming");
  // 24 two-byte letters are 48 bytes and still fit.
  std::string accented;
  for (int i = 0; i < 24; ++i) accented += "\xC3\xA9";
  EXPECT_EQ(check_name(accented).issue, "");
}

TEST(Names, MarkupControlAndInvisibleCharactersAreRefused) {
  EXPECT_NE(check_name("<b>ada</b>").issue.find("U+003C"), std::string::npos);
  EXPECT_NE(check_name("ada\"").issue, "");
  EXPECT_NE(check_name("a&b").issue, "");
  EXPECT_NE(check_name("a\nb").issue.find("U+000A"), std::string::npos);
  EXPECT_NE(check_name("a\tb").issue.find("U+0009"), std::string::npos);
  EXPECT_NE(check_name("a\x01"
                       "b")
                .issue.find("U+0001"),
            std::string::npos);
  EXPECT_NE(check_name("a\xE2\x80\x8B"
                       "b")
                .issue.find("U+200B"),
            std::string::npos)
      << "zero-width space";
  EXPECT_NE(check_name("a\xE2\x80\x8D"
                       "b")
                .issue.find("U+200D"),
            std::string::npos)
      << "zero-width joiner";
  EXPECT_NE(check_name("\xE2\x80\xAE"
                       "ada")
                .issue.find("U+202E"),
            std::string::npos)
      << "right-to-left override";
  EXPECT_NE(check_name("ada\xF0\x9F\x98\x80").issue, "") << "emoji";
}

TEST(Names, InvalidUtf8IsRefused) {
  EXPECT_EQ(check_name("ad\xFF"
                       "a")
                .issue,
            "name: not valid UTF-8");
  EXPECT_EQ(check_name("\xC3").issue, "name: not valid UTF-8");
}

TEST(Names, ReservedNamesAreRefusedCaseFolded) {
  EXPECT_EQ(check_name("admin").issue, "name: 'admin' is reserved");
  EXPECT_EQ(check_name("  ADMIN ").issue, "name: 'ADMIN' is reserved");
  EXPECT_NE(check_name("Moderator").issue, "");
  // Fullwidth letters fold to the same name.
  EXPECT_NE(check_name("\xEF\xBC\xA1\xEF\xBD\x84\xEF\xBD\x8D\xEF\xBD\x89\xEF\xBD\x8E").issue, "");
  EXPECT_EQ(check_name("admiral").issue, "");
}

TEST(Names, AgentLabelsMayBeEmptyButFollowTheAlphabet) {
  EXPECT_EQ(check_agent_label("").issue, "");
  EXPECT_EQ(check_agent_label("planner-v2").issue, "");
  EXPECT_NE(check_agent_label("<script>").issue.find("agent: "), std::string::npos);
  EXPECT_NE(check_agent_label(std::string(41, 'x')).issue, "");
}

TEST(Secrets, TokensAreLongRandomAndHashesStable) {
  std::string a = random_token();
  std::string b = random_token();
  EXPECT_EQ(a.size(), 64u);
  EXPECT_NE(a, b);
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Secrets, TheDailySeedDependsOnSecretGameAndDay) {
  uint32_t seed = daily_seed("secret", "stormlark", "2026-12-03");
  EXPECT_EQ(seed, daily_seed("secret", "stormlark", "2026-12-03"));
  EXPECT_NE(seed, daily_seed("other", "stormlark", "2026-12-03"));
  EXPECT_NE(seed, daily_seed("secret", "glimfall", "2026-12-03"));
  EXPECT_NE(seed, daily_seed("secret", "stormlark", "2026-12-04"));
}

TEST(Secrets, AKeyedTagIsTheHmacsFirstHexDigits) {
  // RFC 4231, test case 2.
  std::string_view message = "what do ya want for nothing?";
  EXPECT_EQ(keyed_hex("Jefe", message, 64),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(keyed_hex("Jefe", message, 24), "5bdcc146bf60754e6a042426");
  EXPECT_EQ(keyed_hex("Jefe", message, 100).size(), 64u);
  EXPECT_EQ(keyed_seed("Jefe", message), 0x5bdcc146u);
}

}  // namespace
}  // namespace gb::runs
