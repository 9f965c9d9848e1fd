package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LaunchBudgetTest {

    /** Takes slices of {@code slice} until the allowance yields nothing; returns the total. */
    private static long drain(LaunchBudget.Allowance a, long slice) {
        long total = 0;
        for (long g; (g = a.take(slice)) > 0;) {
            total += g;
        }
        return total;
    }

    @Test
    void workersTogetherNeverIssueMoreThanTheBudgetAndAStoppedWorkersRestGoesToTheOthers() {
        LaunchBudget budget = new LaunchBudget(1_000_000, 2, 1000);
        LaunchBudget.Allowance a = budget.allowance();
        LaunchBudget.Allowance b = budget.allowance();
        // a holds one chunk it has not issued yet when b runs dry
        long firstA = a.take(1000);
        assertEquals(1000, firstA);
        long fromB = drain(b, 1000);
        assertEquals(1_000_000 - budget.chunk(), fromB);
        assertTrue(budget.chunk() < 1_000_000 / 64 + 1000, "a small budget is split finely: " + budget.chunk());
        a.close();
        assertEquals(budget.chunk() - firstA, drain(b, 1000));
        assertEquals(0, drain(a, 1000));
    }

    @Test
    void instructionsGivenBackAreTakenAgainBeforeTheSharedBudget() {
        LaunchBudget budget = new LaunchBudget(50_000, 1, 16_384);
        LaunchBudget.Allowance a = budget.allowance();
        long g = a.take(16_384);
        a.giveBack(g - 10);
        assertEquals(50_000 - 10, drain(a, 16_384));
    }

    @Test
    void noBudgetGrantsEverything() {
        LaunchBudget.Allowance a = new LaunchBudget(0, 4, 16_384).allowance();
        for (int i = 0; i < 1000; i++) {
            assertEquals(16_384, a.take(16_384));
        }
    }
}
